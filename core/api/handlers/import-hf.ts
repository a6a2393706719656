import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { startImportJob } from '../../import/import-job.ts';
import type { ApiContext } from '../api-context.ts';

/** Imports (merges) a dataset folder on this machine into the workspace; a job (import.result gives what it did). */
export function importHf(input: RpcParsedInput<'import.hf'>, ctx: ApiContext): RpcOutput<'import.hf'> {
  const job = startImportJob(ctx.jobs, ctx.workspace, input.dir);
  return { jobId: job.id };
}
