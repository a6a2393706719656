import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { revokeInvite } from '../../arena/invites.ts';
import type { ApiContext } from '../api-context.ts';
import { fullId } from './full-id.ts';
import { runArena } from './arena-context.ts';

export function arenaRevokeInvite(input: RpcParsedInput<'arena.revokeInvite'>, ctx: ApiContext): RpcOutput<'arena.revokeInvite'> {
  return runArena(ctx, (deps) => revokeInvite(deps.db, fullId(ctx, ['voter_invites'], input.inviteId)));
}
