import { randomUUID } from 'node:crypto';
import { findAnnotator, findAnnotatorByName, findOrInsertAnnotator } from '../store/annotator-repository.ts';
import { findAnnotatorPlan, insertAnnotatorPlan, type AnnotatorPlanRow } from '../store/annotator-plan-repository.ts';
import type { ChapterRow } from '../store/chapter-repository.ts';
import type { DataRoomRow } from '../store/data-room-repository.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { nowIso, type AnnotateDeps } from './annotate-deps.ts';
import { requireDataRoom } from './require-records.ts';
import { quoted } from './quoted.ts';

/**
 * One plan of a data room: the workspace owner's (`annotatorId` null, the plan every chapter
 * written before per-annotator plans belongs to) or one annotator's, named by their profile.
 * `annotatorId` is undefined for a name with no profile yet: a plan nobody has written.
 */
export interface PlanRef {
  dataRoomId: string;
  annotatorId: string | null | undefined;
  /** The annotator's name; null for the workspace owner. */
  annotator: string | null;
}

const normalName = (name: string | null | undefined) => {
  const trimmed = name?.trim();
  return trimmed ? trimmed : null;
};

function refuseSynthetic(name: string): never {
  throw new LhbError('conflict', `"${name}" is a synthetic (demo) annotator, who cannot write a plan. Nothing was changed; annotate under another name.`, { field: 'annotator' });
}

/** The plan `annotator` (a name; absent or blank: the workspace owner) has in the room, for reading. */
export function findPlan(deps: AnnotateDeps, dataRoomId: string, annotator?: string | null): PlanRef {
  const room = requireDataRoom(deps.db, dataRoomId);
  const name = normalName(annotator);
  if (name === null) return { dataRoomId: room.id, annotatorId: null, annotator: null };
  const row = findAnnotatorByName(deps.db, room.project_id, name);
  return { dataRoomId: room.id, annotatorId: row?.id, annotator: row?.name ?? name };
}

/** The same plan for writing: the annotator's profile is made on their first edit. */
export function ensurePlan(deps: AnnotateDeps, dataRoomId: string, annotator?: string | null): PlanRef & { annotatorId: string | null } {
  const room = requireDataRoom(deps.db, dataRoomId);
  const name = normalName(annotator);
  if (name === null) return { dataRoomId: room.id, annotatorId: null, annotator: null };
  const row = findOrInsertAnnotator(deps.db, room.project_id, name, nowIso(deps));
  if (row.synthetic === 1) refuseSynthetic(row.name);
  return { dataRoomId: room.id, annotatorId: row.id, annotator: row.name };
}

/** The plan a chapter is part of. A gold plan chapter is refused: the gold plan changes only through curation (core/annotate/curate.ts). */
export function planOfChapter(deps: AnnotateDeps, chapter: ChapterRow): PlanRef & { annotatorId: string | null } {
  if (chapter.gold === 1) {
    throw new LhbError('bad_request', `Chapter ${quoted(chapter.title)} is in the gold plan, which changes only through curation (accept, edit or drop an annotator's item). Nothing was changed.`, { field: 'chapterId' });
  }
  if (chapter.annotator_id === null) return { dataRoomId: chapter.data_room_id, annotatorId: null, annotator: null };
  return { dataRoomId: chapter.data_room_id, annotatorId: chapter.annotator_id, annotator: findAnnotator(deps.db, chapter.annotator_id)?.name ?? chapter.annotator_id };
}

/** The plan's global notes: the room's own for the workspace owner, the annotator's plan row otherwise. */
export function planGlobalNotes(deps: AnnotateDeps, room: DataRoomRow, annotatorId: string | null | undefined): string {
  if (annotatorId === null) return room.global_notes;
  if (annotatorId === undefined) return '';
  return findAnnotatorPlan(deps.db, room.id, annotatorId)?.global_notes ?? '';
}

/** The annotator's plan row in the room, made (with empty notes) when they first write notes; `beforeInsert` can track it for undo. */
export function ensureAnnotatorPlanRow(deps: AnnotateDeps, dataRoomId: string, annotatorId: string, now: string, beforeInsert: (id: string) => void): AnnotatorPlanRow {
  const existing = findAnnotatorPlan(deps.db, dataRoomId, annotatorId);
  if (existing) return existing;
  const row: AnnotatorPlanRow = { id: randomUUID(), data_room_id: dataRoomId, annotator_id: annotatorId, global_notes: '', created_at: now, updated_at: now };
  beforeInsert(row.id);
  insertAnnotatorPlan(deps.db, row);
  return row;
}
