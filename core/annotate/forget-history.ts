import { deleteDataRoomHistory } from '../store/annotation-history-repository.ts';
import type { AnnotateDeps } from './annotate-deps.ts';

/**
 * Starts a data room's undo history afresh. A seeded demo data room is built through the same actions
 * a user takes; without this, the newcomer's first Ctrl+Z would take the demo apart.
 */
export function forgetDataRoomHistory(deps: AnnotateDeps, dataRoomId: string): void {
  deleteDataRoomHistory(deps.db, dataRoomId);
}
