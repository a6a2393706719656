import type { RpcOutput } from '../../../schemas/rpc.ts';
import { requireDataRoom } from '../../annotate/require-records.ts';
import type { ApiContext } from '../api-context.ts';
import { currentCaller } from '../caller.ts';

const dataRoomTitle = (ctx: ApiContext, dataRoomId: string) => requireDataRoom(ctx.workspace.db, dataRoomId).title;

/** The renderer decides between the full app, the voter's view and an SME's plan from this answer, never from its URL. */
export function sessionWhoami(_input: unknown, ctx: ApiContext): RpcOutput<'session.whoami'> {
  const caller = currentCaller();
  if (caller.role === 'voter') {
    return { role: 'voter', annotatorId: caller.annotatorId, annotatorName: caller.annotatorName, expiresAt: caller.expiresAt };
  }
  if (caller.role === 'annotator') {
    const { annotatorId, annotatorName, dataRoomId, expiresAt } = caller;
    return { role: 'annotator', annotatorId, annotatorName, dataRoomId, dataRoomTitle: dataRoomTitle(ctx, dataRoomId), expiresAt };
  }
  return { role: 'owner' };
}
