import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { createAnnotator } from '../../arena/annotators.ts';
import type { ApiContext } from '../api-context.ts';
import { runArena } from './arena-context.ts';

export function arenaCreateAnnotator(input: RpcParsedInput<'arena.createAnnotator'>, ctx: ApiContext): RpcOutput<'arena.createAnnotator'> {
  return runArena(ctx, (deps) => createAnnotator(deps, input.name, input.queueSeed === undefined ? {} : { queueSeed: input.queueSeed }));
}
