import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { ownVotes } from '../../arena/own-votes.ts';
import type { ApiContext } from '../api-context.ts';
import { runArena } from './arena-context.ts';

export function arenaVotes(input: RpcParsedInput<'arena.votes'>, ctx: ApiContext): RpcOutput<'arena.votes'> {
  return runArena(ctx, (deps) => ({ votes: ownVotes(deps.db, input.annotatorId) }));
}
