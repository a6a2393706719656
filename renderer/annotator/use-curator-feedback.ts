import { useEffect, useState } from 'react';
import type { CurationFeedback } from '../../schemas/gold-plan.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { watchesConnection } from '../api/connection-state.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';
import { coalescedReads } from './coalesced-reads.ts';
import { errorMessage } from './error-message.ts';

export type CuratorFeedbackState =
  | { phase: 'loading' }
  | { phase: 'ready'; feedback: CurationFeedback }
  /** The annotator has written nothing in this room yet, so there is nothing to give feedback on. */
  | { phase: 'no-plan' }
  | { phase: 'failed'; error: string };

/**
 * The curator's feedback on one plan of a room (`annotator`: a name, null the workspace owner's,
 * undefined the invite link's own), read again whenever the event stream says the room's gold plan
 * or that plan changed, so the curator's new decisions show without a reload.
 */
export function useCuratorFeedback(client: RpcClient | undefined, dataRoomId: string, annotator: string | null | undefined): CuratorFeedbackState {
  const [state, setState] = useState<CuratorFeedbackState>({ phase: 'loading' });
  useEffect(() => {
    if (!client) return undefined;
    let live = true;
    const read = async () => {
      try {
        const feedback = await client.call('plans.feedback', { dataRoomId, ...(annotator === undefined || annotator === null ? {} : { annotator }) });
        if (live) setState({ phase: 'ready', feedback });
      } catch (error) {
        if (!live) return;
        if (error instanceof RpcCallError && error.code === 'not_found' && error.field === 'annotator') setState({ phase: 'no-plan' });
        else setState({ phase: 'failed', error: errorMessage("read the curator's feedback", error) });
      }
    };
    const follow = coalescedReads(read);
    follow();
    const unfollow = client.onEvent((event) => {
      if (event.type === 'store-changed' || (event.type === 'plan-changed' && event.dataRoomId === dataRoomId)) follow();
    });
    // Events sent while the stream was down were not heard: read again when it reopens.
    const unwatch = watchesConnection(client) ? client.onStreamOpen(follow) : () => {};
    return () => {
      live = false;
      unfollow();
      unwatch();
    };
  }, [client, dataRoomId, annotator]);
  return state;
}
