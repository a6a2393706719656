import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { JobNotFoundError } from '../../jobs/job-runner.ts';
import type { ApiContext } from '../api-context.ts';
import { RpcError } from '../rpc-error.ts';

export function jobsCancel({ jobId }: RpcParsedInput<'jobs.cancel'>, { jobs }: ApiContext): RpcOutput<'jobs.cancel'> {
  try {
    return { job: jobs.cancel(jobId) };
  } catch (error) {
    if (error instanceof JobNotFoundError) throw new RpcError('not_found', error.message);
    throw error;
  }
}
