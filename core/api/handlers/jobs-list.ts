import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import type { ApiContext } from '../api-context.ts';

export function jobsList({ limit }: RpcParsedInput<'jobs.list'>, { jobs }: ApiContext): RpcOutput<'jobs.list'> {
  return { jobs: jobs.list(limit) };
}
