import type { Session } from '../../schemas/invites.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';

export type SessionChoice =
  | { kind: 'owner' }
  | { kind: 'voter'; voter: Extract<Session, { role: 'voter' }> }
  | { kind: 'annotator'; invite: Extract<Session, { role: 'annotator' }> }
  | { kind: 'refused'; message: string };

/**
 * Which app to show, from what the server says this tab's token may do: never from the URL, so
 * a voter's page cannot talk itself into the full app (and the server refuses it anyway). A call
 * that fails for another reason shows the full app, which says what went wrong in its own words.
 */
export async function chooseSession(client: RpcClient): Promise<SessionChoice> {
  try {
    const session = await client.call('session.whoami', {});
    if (session.role === 'voter') return { kind: 'voter', voter: session };
    if (session.role === 'annotator') return { kind: 'annotator', invite: session };
    return { kind: 'owner' };
  } catch (error) {
    if (error instanceof RpcCallError && error.code === 'unauthorized') return { kind: 'refused', message: error.message };
    return { kind: 'owner' };
  }
}
