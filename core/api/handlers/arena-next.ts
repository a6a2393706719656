import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { nextItem } from '../../arena/arena-service.ts';
import type { ApiContext } from '../api-context.ts';
import { runArena } from './arena-context.ts';

export function arenaNext(input: RpcParsedInput<'arena.next'>, ctx: ApiContext): RpcOutput<'arena.next'> {
  return runArena(ctx, (deps) => nextItem(deps, input.annotatorId, input.allowRepeats));
}
