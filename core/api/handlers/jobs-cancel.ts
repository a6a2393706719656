import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import type { ApiContext } from '../api-context.ts';

/** Cancels a job; an unknown id is a 404 (JobNotFoundError). */
export function jobsCancel({ jobId }: RpcParsedInput<'jobs.cancel'>, { jobs }: ApiContext): RpcOutput<'jobs.cancel'> {
  return { job: jobs.cancel(jobId) };
}
