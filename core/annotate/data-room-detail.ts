import type { Chapter, Citation, DataRoomDetail, DataRoomSummary } from '../../schemas/annotate.ts';
import { findRedoEntry, findUndoEntry } from '../store/annotation-history-repository.ts';
import { countChapters, listChapters, type ChapterRow } from '../store/chapter-repository.ts';
import { listDataRoomCitations, type CitationRow } from '../store/citation-repository.ts';
import { listDataRooms } from '../store/data-room-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import type { AnnotateDeps } from './annotate-deps.ts';
import { requireDataRoom } from './require-records.ts';

/** Everything the annotator shows for one data room, as every edit answers. */
export function loadDataRoomDetail(deps: AnnotateDeps, dataRoomId: string): DataRoomDetail {
  const dataRoom = requireDataRoom(deps.db, dataRoomId);
  const citationsByChapter = new Map<string, Citation[]>();
  for (const row of listDataRoomCitations(deps.db, dataRoomId)) {
    const list = citationsByChapter.get(row.chapter_id) ?? [];
    list.push(toCitation(row));
    citationsByChapter.set(row.chapter_id, list);
  }
  return {
    id: dataRoom.id,
    title: dataRoom.title,
    globalNotes: dataRoom.global_notes,
    sources: deps.sources.listDataRoomSources(dataRoomId),
    chapters: listChapters(deps.db, dataRoomId).map((row) => toChapter(row, citationsByChapter.get(row.id) ?? [])),
    undoLabel: findUndoEntry(deps.db, dataRoomId)?.label ?? null,
    redoLabel: findRedoEntry(deps.db, dataRoomId)?.label ?? null,
    updatedAt: dataRoom.updated_at,
  };
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

function toChapter(row: ChapterRow, citations: Citation[]): Chapter {
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

function toCitation(row: CitationRow): Citation {
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
