import { randomUUID } from 'node:crypto';
import {
  deleteChapter as deleteChapterRow,
  insertChapter,
  listChapters,
  setChapterPosition,
  updateChapterText,
  type ChapterRow,
} from '../store/chapter-repository.ts';
import { deleteCitation, listChapterCitations } from '../store/citation-repository.ts';
import type { AnnotateDeps } from './annotate-deps.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { quoted } from './quoted.ts';
import { performAction, type ChangeTracker } from './record-action.ts';
import { ensurePlan, planOfChapter, type PlanRef } from './annotator-plans.ts';
import { requireChapter } from './require-records.ts';

/**
 * Adds a chapter to `annotator`'s plan (absent: the workspace owner's) after `afterChapterId`
 * (default: at the end). Returns its id.
 */
export function createChapter(deps: AnnotateDeps, input: { dataRoomId: string; title: string; afterChapterId?: string | undefined; annotator?: string | undefined }): string {
  const title = input.title.trim();
  if (title === '') throw new LhbError('bad_request', 'A chapter needs a title. Type one and add the chapter again.', { field: 'title' });
  const plan = ensurePlan(deps, input.dataRoomId, input.annotator);
  const chapters = listChapters(deps.db, plan.dataRoomId, plan.annotatorId);
  let position = chapters.length;
  if (input.afterChapterId !== undefined) {
    const after = requireChapter(deps.db, input.afterChapterId);
    if (after.data_room_id !== plan.dataRoomId || after.annotator_id !== plan.annotatorId) {
      throw new LhbError('bad_request', `Chapter ${after.id} is in another plan, so a chapter of ${plan.annotator ?? 'the workspace owner'}'s plan cannot be placed after it. Nothing was added.`, {
        field: 'afterChapterId',
      });
    }
    position = chapters.findIndex((c) => c.id === after.id) + 1;
  }
  const id = randomUUID();
  performAction(deps, plan, { label: `Add chapter ${quoted(title)}` }, (tracker, now) => {
    const order = [...chapters];
    const row: ChapterRow = { id, data_room_id: plan.dataRoomId, annotator_id: plan.annotatorId, position, title, instruction: '', design_notes: '', created_at: now, updated_at: now };
    order.splice(position, 0, row);
    tracker.track('chapters', id);
    insertChapter(deps.db, row);
    renumberChapters(deps, tracker, order);
  });
  return id;
}

export interface ChapterEdit {
  chapterId: string;
  title?: string | undefined;
  instruction?: string | undefined;
  designNotes?: string | undefined;
}

/** Renames a chapter or edits its instruction or design notes; returns its plan. Typing bursts coalesce into one undo step. */
export function updateChapter(deps: AnnotateDeps, input: ChapterEdit): PlanRef {
  const chapter = requireChapter(deps.db, input.chapterId);
  const plan = planOfChapter(deps, chapter);
  const next = {
    title: input.title?.trim() ?? chapter.title,
    instruction: input.instruction ?? chapter.instruction,
    design_notes: input.designNotes ?? chapter.design_notes,
  };
  if (next.title === '') throw new LhbError('bad_request', `Chapter ${quoted(chapter.title)} needs a title; it was not renamed.`);
  const edited = (['title', 'instruction', 'design_notes'] as const).filter((field) => next[field] !== chapter[field]);
  if (edited.length === 0) return plan;
  const labels = { title: 'Rename chapter', instruction: 'Edit instruction of', design_notes: 'Edit design notes of' } as const;
  const label = edited.length === 1 ? `${labels[edited[0] as keyof typeof labels]} ${quoted(chapter.title)}` : `Edit chapter ${quoted(chapter.title)}`;
  performAction(deps, plan, { label, coalesce: true }, (tracker, now) => {
    tracker.track('chapters', chapter.id);
    updateChapterText(deps.db, chapter.id, { ...next, updated_at: now });
  });
  return plan;
}

/** Moves a chapter to `toIndex` (0-based; past the end means last) within its plan, the others closing up; returns its plan. */
export function moveChapter(deps: AnnotateDeps, input: { chapterId: string; toIndex: number }): PlanRef {
  const chapter = requireChapter(deps.db, input.chapterId);
  const plan = planOfChapter(deps, chapter);
  const order = listChapters(deps.db, chapter.data_room_id, chapter.annotator_id);
  const from = order.findIndex((c) => c.id === chapter.id);
  const to = Math.min(Math.max(0, input.toIndex), order.length - 1);
  if (from === to) return plan;
  order.splice(from, 1);
  order.splice(to, 0, chapter);
  performAction(deps, plan, { label: `Move chapter ${quoted(chapter.title)}` }, (tracker) => renumberChapters(deps, tracker, order));
  return plan;
}

/** Deletes a chapter and its citations in one undoable step, the chapters after it moving up; returns its plan. */
export function deleteChapter(deps: AnnotateDeps, input: { chapterId: string }): PlanRef {
  const chapter = requireChapter(deps.db, input.chapterId);
  const plan = planOfChapter(deps, chapter);
  performAction(deps, plan, { label: `Delete chapter ${quoted(chapter.title)}` }, (tracker) => {
    // Citations first: redo deletes them before their chapter, undo restores the chapter before them.
    for (const citation of listChapterCitations(deps.db, chapter.id)) {
      tracker.track('citations', citation.id);
      deleteCitation(deps.db, citation.id);
    }
    tracker.track('chapters', chapter.id);
    deleteChapterRow(deps.db, chapter.id);
    renumberChapters(deps, tracker, listChapters(deps.db, chapter.data_room_id, chapter.annotator_id));
  });
  return plan;
}

/** Gives `order` the positions 0, 1, 2, …, touching (and tracking) only the chapters that move. Any plan's, the gold plan's too. */
export function renumberChapters(deps: AnnotateDeps, tracker: ChangeTracker, order: ChapterRow[]): void {
  order.forEach((chapter, index) => {
    if (chapter.position === index) return;
    tracker.track('chapters', chapter.id);
    setChapterPosition(deps.db, chapter.id, index);
  });
}
