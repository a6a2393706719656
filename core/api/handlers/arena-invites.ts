import type { RpcOutput } from '../../../schemas/rpc.ts';
import { listInviteViews } from '../../arena/invites.ts';
import type { ApiContext } from '../api-context.ts';
import { runArena } from './arena-context.ts';

export function arenaInvites(_input: object, ctx: ApiContext): RpcOutput<'arena.invites'> {
  return runArena(ctx, (deps) => ({ invites: listInviteViews(deps.db) }));
}
