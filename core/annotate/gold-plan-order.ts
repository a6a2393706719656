import type { GoldPlan } from '../../schemas/gold-plan.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { listGoldChapters } from '../store/chapter-repository.ts';
import type { AnnotateDeps } from './annotate-deps.ts';
import { renumberChapters } from './chapters.ts';
import { goldKey, loadGoldPlan } from './gold-plan.ts';
import { quoted } from './quoted.ts';
import { performAction } from './record-action.ts';
import { requireChapter, requireDataRoom } from './require-records.ts';

/**
 * Moves a gold chapter to `toIndex` (0-based; past the end means last), the others closing up, as
 * one step of the gold plan's own undo history. Annotators' chapters move with chapters.move; the
 * gold plan's order is the curator's, so it has its own door. Returns the gold plan.
 */
export function moveGoldChapter(deps: AnnotateDeps, input: { dataRoomId: string; chapterId: string; toIndex: number }): GoldPlan {
  const room = requireDataRoom(deps.db, input.dataRoomId);
  const chapter = requireChapter(deps.db, input.chapterId);
  if (chapter.gold !== 1 || chapter.data_room_id !== room.id) {
    throw new LhbError('bad_request', `Chapter ${quoted(chapter.title)} is not a chapter of ${quoted(room.title)}'s gold plan; move an annotator's chapter in their own plan instead. Nothing was moved.`, { field: 'chapterId' });
  }
  const order = listGoldChapters(deps.db, room.id);
  const from = order.findIndex((c) => c.id === chapter.id);
  const to = Math.min(Math.max(0, input.toIndex), order.length - 1);
  if (from !== to) {
    order.splice(from, 1);
    order.splice(to, 0, chapter);
    performAction(deps, goldKey(room.id), { label: `Move gold chapter ${quoted(chapter.title)}` }, (tracker) => renumberChapters(deps, tracker, order));
  }
  return loadGoldPlan(deps, room.id);
}
