import type { Database } from 'better-sqlite3';
import type { CitationStatus } from '../../schemas/annotate.ts';

/** A `citations` row as stored: lines are 1-based and inclusive in version `version_id`. */
export interface CitationRow {
  id: string;
  chapter_id: string;
  source_id: string;
  version_id: string;
  source_sha256: string;
  start_line: number;
  end_line: number;
  quote: string;
  prefix: string;
  suffix: string;
  status: CitationStatus;
  /** Plain-text character offsets into start_line and end_line (end exclusive); null for whole lines or older citations. */
  start_char: number | null;
  end_char: number | null;
  position: number;
  created_at: string;
}

/**
 * Where a citation points now: what re-anchoring rewrites. Without `start_char`/`end_char`, a
 * citation keeps its character range only while it stays on the same version and lines.
 */
export type CitationAnchor = Pick<CitationRow, 'version_id' | 'source_sha256' | 'start_line' | 'end_line' | 'quote' | 'prefix' | 'suffix' | 'status'> &
  Partial<Pick<CitationRow, 'start_char' | 'end_char'>>;

export function insertCitation(db: Database, row: CitationRow): void {
  db.prepare(
    `INSERT INTO citations (id, chapter_id, source_id, version_id, source_sha256, start_line, end_line, quote, prefix, suffix, status, start_char, end_char, position, created_at)
     VALUES (@id, @chapter_id, @source_id, @version_id, @source_sha256, @start_line, @end_line, @quote, @prefix, @suffix, @status, @start_char, @end_char, @position, @created_at)`,
  ).run(row);
}

export function findCitation(db: Database, id: string): CitationRow | undefined {
  return db.prepare('SELECT * FROM citations WHERE id = ?').get(id) as CitationRow | undefined;
}

/** One chapter's citations in the order they were added. */
export function listChapterCitations(db: Database, chapterId: string): CitationRow[] {
  return db.prepare('SELECT * FROM citations WHERE chapter_id = ? ORDER BY position, created_at, id').all(chapterId) as CitationRow[];
}

/** Every citation of every chapter of one plan of the data room (null: the workspace owner's; `gold`: the gold plan's), each chapter's in order. */
export function listDataRoomCitations(db: Database, dataRoomId: string, annotatorId: string | null = null, gold = false): CitationRow[] {
  return db
    .prepare(
      `SELECT citations.* FROM citations JOIN chapters ON chapters.id = citations.chapter_id
       WHERE chapters.data_room_id = ? AND chapters.annotator_id IS ? AND chapters.gold = ? ORDER BY citations.chapter_id, citations.position, citations.created_at, citations.id`,
    )
    .all(dataRoomId, annotatorId, gold ? 1 : 0) as CitationRow[];
}

/** Every citation of one source, whichever version or data room it is in. */
export function listSourceCitations(db: Database, sourceId: string): CitationRow[] {
  return db.prepare('SELECT * FROM citations WHERE source_id = ? ORDER BY created_at, id').all(sourceId) as CitationRow[];
}

/** The position a citation appended to the chapter takes (after every existing one). */
export function nextCitationPosition(db: Database, chapterId: string): number {
  return (db.prepare('SELECT coalesce(max(position) + 1, 0) AS next FROM citations WHERE chapter_id = ?').get(chapterId) as { next: number }).next;
}

export function updateCitationAnchor(db: Database, id: string, anchor: CitationAnchor): void {
  db.prepare(
    `UPDATE citations SET version_id = @version_id, source_sha256 = @source_sha256, start_line = @start_line, end_line = @end_line,
       quote = @quote, prefix = @prefix, suffix = @suffix, status = @status,
       start_char = CASE WHEN @chars_given THEN @start_char WHEN version_id = @version_id AND start_line = @start_line AND end_line = @end_line THEN start_char END,
       end_char = CASE WHEN @chars_given THEN @end_char WHEN version_id = @version_id AND start_line = @start_line AND end_line = @end_line THEN end_char END
     WHERE id = @id`,
  ).run({ ...anchor, start_char: anchor.start_char ?? null, end_char: anchor.end_char ?? null, chars_given: anchor.start_char !== undefined ? 1 : 0, id });
}

export function deleteCitation(db: Database, id: string): void {
  db.prepare('DELETE FROM citations WHERE id = ?').run(id);
}
