import type { RpcOutput } from '../../../schemas/rpc.ts';
import { currentCaller } from '../caller.ts';

/** The renderer decides between the full app and the voter's view from this answer, never from its URL. */
export function sessionWhoami(): RpcOutput<'session.whoami'> {
  const caller = currentCaller();
  if (caller.role === 'voter') {
    return { role: 'voter', annotatorId: caller.annotatorId, annotatorName: caller.annotatorName, expiresAt: caller.expiresAt };
  }
  return { role: 'owner' };
}
