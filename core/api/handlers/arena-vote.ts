import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { castVote } from '../../arena/cast-vote.ts';
import type { ApiContext } from '../api-context.ts';
import { runArena } from './arena-context.ts';

export function arenaVote(input: RpcParsedInput<'arena.vote'>, ctx: ApiContext): RpcOutput<'arena.vote'> {
  return runArena(ctx, (deps) => castVote(deps, input));
}
