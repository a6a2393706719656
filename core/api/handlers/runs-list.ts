import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { listRunSummaries } from '../../runs/run-views.ts';
import type { ApiContext } from '../api-context.ts';

export function runsList(input: RpcParsedInput<'runs.list'>, ctx: ApiContext): RpcOutput<'runs.list'> {
  return { runs: listRunSummaries(ctx.workspace.db, input.taskId) };
}
