import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { importJobResult } from '../../import/import-job.ts';
import type { ApiContext } from '../api-context.ts';

/** What a finished import job did (null while it runs, after it was refused, or once forgotten). */
export function importResult(input: RpcParsedInput<'import.result'>, ctx: ApiContext): RpcOutput<'import.result'> {
  return { result: importJobResult(ctx.jobs, input.jobId) ?? null };
}
