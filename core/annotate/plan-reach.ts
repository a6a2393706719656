import type { Database } from 'better-sqlite3';
import { findChapter } from '../store/chapter-repository.ts';
import { findCitation } from '../store/citation-repository.ts';
import { findSource } from '../store/source-repository.ts';
import { findSourceVersion } from '../store/source-version-repository.ts';

/** Where a record lives, for holding an SME's invite link to one plan: its data room and, for plan records, whose plan. */
export interface PlanPlace {
  dataRoomId: string | null;
  /** The chapter's plan (null: the workspace owner's); absent for a source, which every plan of its room reads. */
  annotatorId?: string | null;
}

/** The plan a chapter is in; undefined when there is no such chapter. */
export function chapterPlace(db: Database, chapterId: string): PlanPlace | undefined {
  const chapter = findChapter(db, chapterId);
  return chapter ? { dataRoomId: chapter.data_room_id, annotatorId: chapter.annotator_id } : undefined;
}

/** The plan a citation's chapter is in; undefined when there is no such citation. */
export function citationPlace(db: Database, citationId: string): PlanPlace | undefined {
  const citation = findCitation(db, citationId);
  return citation ? chapterPlace(db, citation.chapter_id) : undefined;
}

/** The data room a source belongs to; undefined when there is no such source. */
export function sourcePlace(db: Database, sourceId: string): PlanPlace | undefined {
  const source = findSource(db, sourceId);
  return source ? { dataRoomId: source.dataRoomId ?? null } : undefined;
}

/** The data room a source version's source belongs to; undefined when there is no such version. */
export function versionPlace(db: Database, versionId: string): PlanPlace | undefined {
  const version = findSourceVersion(db, versionId);
  return version ? sourcePlace(db, version.sourceId) : undefined;
}
