import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { exportJobResult } from '../../export/export-job.ts';
import type { ApiContext } from '../api-context.ts';

/** What a finished export job wrote (null while it runs, after it failed, or once forgotten). */
export function exportResult(input: RpcParsedInput<'export.result'>, ctx: ApiContext): RpcOutput<'export.result'> {
  return { result: exportJobResult(ctx.jobs, input.jobId) ?? null };
}
