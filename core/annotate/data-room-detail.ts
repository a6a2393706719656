import type { Chapter, Citation, DataRoomDetail, DataRoomSummary } from '../../schemas/annotate.ts';
import { findRedoEntry, findUndoEntry } from '../store/annotation-history-repository.ts';
import { findAnnotator } from '../store/annotator-repository.ts';
import { listAnnotatorPlans } from '../store/annotator-plan-repository.ts';
import { countChapters, listChapterAnnotators, listChapters, type ChapterRow } from '../store/chapter-repository.ts';
import { listDataRoomCitations, type CitationRow } from '../store/citation-repository.ts';
import { listDataRooms, type DataRoomRow } from '../store/data-room-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import type { AnnotateDeps } from './annotate-deps.ts';
import { findPlan, planGlobalNotes } from './annotator-plans.ts';
import { requireDataRoom } from './require-records.ts';

/**
 * Everything the annotator shows for one data room, as every edit answers: the plan of
 * `annotator` (a name; absent: the workspace owner's) and, only when the room's owner lets its
 * annotators see each other's plans, the other plans beside it, read-only.
 */
export function loadDataRoomDetail(deps: AnnotateDeps, dataRoomId: string, annotator?: string | null): DataRoomDetail {
  const dataRoom = requireDataRoom(deps.db, dataRoomId);
  const plan = findPlan(deps, dataRoomId, annotator);
  const history = { dataRoomId, annotatorId: plan.annotatorId ?? null };
  const known = plan.annotatorId !== undefined;
  return {
    id: dataRoom.id,
    title: dataRoom.title,
    annotator: plan.annotator,
    globalNotes: planGlobalNotes(deps, dataRoom, plan.annotatorId),
    sources: deps.sources.listDataRoomSources(dataRoomId),
    chapters: known ? planChapters(deps, dataRoomId, plan.annotatorId ?? null) : [],
    undoLabel: known ? (findUndoEntry(deps.db, history)?.label ?? null) : null,
    redoLabel: known ? (findRedoEntry(deps.db, history)?.label ?? null) : null,
    plansShared: dataRoom.plans_shared === 1,
    otherPlans: dataRoom.plans_shared === 1 ? otherPlans(deps, dataRoom, plan.annotatorId) : [],
    updatedAt: dataRoom.updated_at,
  };
}

function planChapters(deps: AnnotateDeps, dataRoomId: string, annotatorId: string | null): Chapter[] {
  const citationsByChapter = new Map<string, Citation[]>();
  for (const row of listDataRoomCitations(deps.db, dataRoomId, annotatorId)) {
    const list = citationsByChapter.get(row.chapter_id) ?? [];
    list.push(toCitation(row));
    citationsByChapter.set(row.chapter_id, list);
  }
  return listChapters(deps.db, dataRoomId, annotatorId).map((row) => toChapter(row, citationsByChapter.get(row.id) ?? []));
}

/** Every plan of the room but `own` that holds a chapter or notes: the owner's first, then by annotator name. */
function otherPlans(deps: AnnotateDeps, dataRoom: DataRoomRow, own: string | null | undefined): DataRoomDetail['otherPlans'] {
  const ids = new Set<string | null>([null, ...listChapterAnnotators(deps.db, dataRoom.id), ...listAnnotatorPlans(deps.db, dataRoom.id).map((row) => row.annotator_id)]);
  ids.delete(own ?? null);
  if (own === undefined) ids.add(null);
  const plans = [...ids].map((annotatorId) => ({
    annotator: annotatorId === null ? null : (findAnnotator(deps.db, annotatorId)?.name ?? annotatorId),
    globalNotes: planGlobalNotes(deps, dataRoom, annotatorId),
    chapters: planChapters(deps, dataRoom.id, annotatorId),
  }));
  return plans
    .filter((plan) => plan.chapters.length > 0 || plan.globalNotes.trim() !== '')
    .sort((a, b) => (a.annotator === null ? -1 : b.annotator === null ? 1 : a.annotator.localeCompare(b.annotator)));
}

/** The workspace project's data rooms, oldest first. */
export function listDataRoomSummaries(deps: AnnotateDeps): DataRoomSummary[] {
  const project = findCurrentProject(deps.db);
  if (!project) return [];
  return listDataRooms(deps.db, project.id).map((dataRoom) => ({
    id: dataRoom.id,
    title: dataRoom.title,
    sourceCount: deps.sources.listDataRoomSources(dataRoom.id).length,
    chapterCount: countChapters(deps.db, dataRoom.id),
    updatedAt: dataRoom.updated_at,
  }));
}

export function toChapter(row: ChapterRow, citations: Citation[]): Chapter {
  return {
    id: row.id,
    dataRoomId: row.data_room_id,
    order: row.position,
    title: row.title,
    instruction: row.instruction,
    designNotes: row.design_notes,
    citations,
    updatedAt: row.updated_at,
  };
}

export function toCitation(row: CitationRow): Citation {
  return {
    id: row.id,
    chapterId: row.chapter_id,
    sourceId: row.source_id,
    versionId: row.version_id,
    sourceSha256: row.source_sha256,
    startLine: row.start_line,
    endLine: row.end_line,
    quote: row.quote,
    startChar: row.start_char,
    endChar: row.end_char,
    prefix: row.prefix,
    suffix: row.suffix,
    status: row.status,
    createdAt: row.created_at,
  };
}

/** A chapter named by its data room's and its own title (how task folders refer to chapters). */
export function findChapterByTitles(deps: AnnotateDeps, dataRoomTitle: string, chapterTitle: string): { id: string; instruction: string } | undefined {
  const dataRoom = listDataRoomSummaries(deps).find((summary) => summary.title === dataRoomTitle);
  const chapter = dataRoom ? listChapters(deps.db, dataRoom.id).find((row) => row.title === chapterTitle) : undefined;
  return chapter ? { id: chapter.id, instruction: chapter.instruction } : undefined;
}
