import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { createInvite } from '../../arena/invites.ts';
import type { ApiContext } from '../api-context.ts';
import { runArena } from './arena-context.ts';

export function arenaInvite(input: RpcParsedInput<'arena.invite'>, ctx: ApiContext): RpcOutput<'arena.invite'> {
  return runArena(ctx, (deps) => createInvite(deps.db, input));
}
