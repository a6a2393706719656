import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { nextItem } from '../../arena/next-item.ts';
import type { ApiContext } from '../api-context.ts';
import { runArena } from './arena-context.ts';

export function arenaNextPair(input: RpcParsedInput<'arena.nextPair'>, ctx: ApiContext): RpcOutput<'arena.nextPair'> {
  return runArena(ctx, (deps) => nextItem(deps, input.annotatorId, input.allowRepeats));
}
