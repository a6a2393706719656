import type { Database } from 'better-sqlite3';
import { findChapter, type ChapterRow } from '../store/chapter-repository.ts';
import { findCitation, type CitationRow } from '../store/citation-repository.ts';
import { findDataRoom, type DataRoomRow } from '../store/data-room-repository.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import type { SourceLinesReader, SourceVersionRef } from './source-lines-reader.ts';

// Each lookup names the id it could not find and what to do, because the usual cause is a
// screen showing state that another window (or an undo) has since changed.

export function requireDataRoom(db: Database, dataRoomId: string): DataRoomRow {
  const dataRoom = findDataRoom(db, dataRoomId);
  if (!dataRoom) throw new LhbError('not_found', `Data room ${dataRoomId} does not exist (it may have been deleted). Reload the list of data rooms and pick another.`);
  return dataRoom;
}

export function requireChapter(db: Database, chapterId: string): ChapterRow {
  const chapter = findChapter(db, chapterId);
  if (!chapter) throw new LhbError('not_found', `Chapter ${chapterId} does not exist (it may have been deleted or undone). Reload the data room to see its current chapters.`);
  return chapter;
}

export function requireCitation(db: Database, citationId: string): CitationRow {
  const citation = findCitation(db, citationId);
  if (!citation) throw new LhbError('not_found', `Citation ${citationId} does not exist (it may have been removed or undone). Reload the data room to see its current citations.`);
  return citation;
}

export function requireSourceVersion(sources: SourceLinesReader, versionId: string): SourceVersionRef {
  const version = sources.version(versionId);
  if (!version) throw new LhbError('not_found', `Source version ${versionId} does not exist. Reload the Sources panel, open the source again and cite from it.`);
  return version;
}
