import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { undoLastVote } from '../../arena/undo-last-vote.ts';
import type { ApiContext } from '../api-context.ts';
import { runArena } from './arena-context.ts';

export function arenaUndoLastVote(input: RpcParsedInput<'arena.undoLastVote'>, ctx: ApiContext): RpcOutput<'arena.undoLastVote'> {
  return runArena(ctx, (deps) => undoLastVote(deps, input.annotatorId));
}
