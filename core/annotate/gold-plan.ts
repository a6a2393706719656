import { randomUUID } from 'node:crypto';
import type { GoldPlan, GoldProvenance } from '../../schemas/gold-plan.ts';
import { findRedoEntry, findUndoEntry, type PlanKey } from '../store/annotation-history-repository.ts';
import { findAnnotator } from '../store/annotator-repository.ts';
import { listGoldChapters, findChapter } from '../store/chapter-repository.ts';
import { findCitation, listDataRoomCitations } from '../store/citation-repository.ts';
import { findGoldPlan, insertGoldPlan, listGoldProvenance, type GoldPlanRow, type GoldProvenanceRow } from '../store/gold-plan-repository.ts';
import type { AnnotateDeps } from './annotate-deps.ts';
import { toChapter, toCitation } from './data-room-detail.ts';
import { requireDataRoom } from './require-records.ts';
import type { Chapter, Citation } from '../../schemas/annotate.ts';

/** The gold plan's undo history: its own, apart from every annotator's and the workspace owner's. */
export const goldKey = (dataRoomId: string): PlanKey => ({ dataRoomId, annotatorId: null, gold: true });

/** The room's gold plan chapters with their citations, in plan order. */
export function goldChapters(deps: AnnotateDeps, dataRoomId: string): Chapter[] {
  const citationsByChapter = new Map<string, Citation[]>();
  for (const row of listDataRoomCitations(deps.db, dataRoomId, null, true)) {
    const list = citationsByChapter.get(row.chapter_id) ?? [];
    list.push(toCitation(row));
    citationsByChapter.set(row.chapter_id, list);
  }
  return listGoldChapters(deps.db, dataRoomId).map((row) => toChapter(row, citationsByChapter.get(row.id) ?? []));
}

/** A provenance row in the contract's words: the annotator named, not their id. */
export function toProvenance(deps: AnnotateDeps, row: GoldProvenanceRow): GoldProvenance {
  return {
    id: row.id,
    kind: row.kind,
    action: row.action,
    fromAnnotator: row.from_annotator_id === null ? null : (findAnnotator(deps.db, row.from_annotator_id)?.name ?? row.from_annotator_id),
    fromItemId: row.from_item_id,
    fromLabel: row.from_label,
    goldChapterId: row.gold_chapter_id,
    goldCitationId: row.gold_citation_id,
    curatorNote: row.curator_note,
    at: row.created_at,
  };
}

/** The room's gold plan as it stands (empty before anything is curated) with every curator decision. */
export function loadGoldPlan(deps: AnnotateDeps, dataRoomId: string): GoldPlan {
  const room = requireDataRoom(deps.db, dataRoomId);
  const key = goldKey(room.id);
  return {
    dataRoom: { id: room.id, title: room.title },
    globalNotes: findGoldPlan(deps.db, room.id)?.global_notes ?? '',
    chapters: goldChapters(deps, room.id),
    provenance: listGoldProvenance(deps.db, room.id).map((row) => toProvenance(deps, row)),
    undoLabel: findUndoEntry(deps.db, key)?.label ?? null,
    redoLabel: findRedoEntry(deps.db, key)?.label ?? null,
  };
}

/** Whether the room has a gold plan with at least one chapter (what rubric synthesis and the dataset ask). */
export function hasGoldChapters(deps: AnnotateDeps, dataRoomId: string): boolean {
  return listGoldChapters(deps.db, dataRoomId).length > 0;
}

/** The gold chapter a decision made, if it is still in the gold plan. */
export function liveGoldChapter(deps: AnnotateDeps, row: Pick<GoldProvenanceRow, 'gold_chapter_id'>) {
  const chapter = row.gold_chapter_id === null ? undefined : findChapter(deps.db, row.gold_chapter_id);
  return chapter?.gold === 1 ? chapter : undefined;
}

/** The gold citation a decision made, if it is still in the gold plan. */
export function liveGoldCitation(deps: AnnotateDeps, row: Pick<GoldProvenanceRow, 'gold_citation_id'>) {
  const citation = row.gold_citation_id === null ? undefined : findCitation(deps.db, row.gold_citation_id);
  return citation && findChapter(deps.db, citation.chapter_id)?.gold === 1 ? citation : undefined;
}

/** The gold plan's row (its global notes), made on the first curation of notes; `beforeInsert` tracks it for undo. */
export function ensureGoldPlanRow(deps: AnnotateDeps, dataRoomId: string, now: string, beforeInsert: (id: string) => void): GoldPlanRow {
  const existing = findGoldPlan(deps.db, dataRoomId);
  if (existing) return existing;
  const row: GoldPlanRow = { id: randomUUID(), data_room_id: dataRoomId, global_notes: '', created_at: now, updated_at: now };
  beforeInsert(row.id);
  insertGoldPlan(deps.db, row);
  return row;
}
