import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { requireDataRoom } from '../../annotate/require-records.ts';
import { createInvite } from '../../arena/invites.ts';
import type { ApiContext } from '../api-context.ts';

/**
 * An SME's invite link: the arena's invite mechanism (hashed token, expiry, revoke, last use),
 * bound to one data room, so the link reaches only its annotator's plan there.
 */
export function plansInvite(input: RpcParsedInput<'plans.invite'>, { workspace }: ApiContext): RpcOutput<'plans.invite'> {
  const room = requireDataRoom(workspace.db, input.dataRoomId);
  return createInvite(workspace.db, { name: input.name, expiresInDays: input.expiresInDays, dataRoomId: room.id });
}
