import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { listAnnotatorViews } from '../../arena/annotators.ts';
import type { ApiContext } from '../api-context.ts';
import { runArena } from './arena-context.ts';

export function arenaAnnotators(_input: RpcParsedInput<'arena.annotators'>, ctx: ApiContext): RpcOutput<'arena.annotators'> {
  return runArena(ctx, (deps) => ({ annotators: listAnnotatorViews(deps.db) }));
}
