import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { listTaskSummaries } from '../../runs/run-views.ts';
import type { ApiContext } from '../api-context.ts';

export function tasksList(_input: RpcParsedInput<'tasks.list'>, ctx: ApiContext): RpcOutput<'tasks.list'> {
  return { tasks: listTaskSummaries(ctx.workspace.db) };
}
