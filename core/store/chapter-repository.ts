import type { Database } from 'better-sqlite3';

/**
 * A `chapters` row as stored. A chapter belongs to one plan: the data room's and one annotator's
 * (`annotator_id`; null is the workspace owner's plan). `position` is 0-based and contiguous within a plan.
 */
export interface ChapterRow {
  id: string;
  data_room_id: string;
  annotator_id: string | null;
  /** 1: a chapter of the room's gold plan (core/annotate/gold-plan.ts), with no annotator; 0 otherwise. Absent on insert means 0. */
  gold?: number;
  position: number;
  title: string;
  instruction: string;
  design_notes: string;
  created_at: string;
  updated_at: string;
}

export function insertChapter(db: Database, row: ChapterRow): void {
  db.prepare(
    `INSERT INTO chapters (id, data_room_id, annotator_id, gold, position, title, instruction, design_notes, created_at, updated_at)
     VALUES (@id, @data_room_id, @annotator_id, @gold, @position, @title, @instruction, @design_notes, @created_at, @updated_at)`,
  ).run({ ...row, gold: row.gold ?? 0 });
}

export function findChapter(db: Database, id: string): ChapterRow | undefined {
  return db.prepare('SELECT * FROM chapters WHERE id = ?').get(id) as ChapterRow | undefined;
}

/** One plan's chapters in plan order: the annotator's (`annotatorId`), or the workspace owner's (null, the default). */
export function listChapters(db: Database, dataRoomId: string, annotatorId: string | null = null): ChapterRow[] {
  return db.prepare('SELECT * FROM chapters WHERE data_room_id = ? AND annotator_id IS ? AND gold = 0 ORDER BY position, created_at, id').all(dataRoomId, annotatorId) as ChapterRow[];
}

/** The room's gold plan's chapters in plan order. */
export function listGoldChapters(db: Database, dataRoomId: string): ChapterRow[] {
  return db.prepare('SELECT * FROM chapters WHERE data_room_id = ? AND gold = 1 ORDER BY position, created_at, id').all(dataRoomId) as ChapterRow[];
}

export function countChapters(db: Database, dataRoomId: string, annotatorId: string | null = null): number {
  return (db.prepare('SELECT count(*) AS n FROM chapters WHERE data_room_id = ? AND annotator_id IS ? AND gold = 0').get(dataRoomId, annotatorId) as { n: number }).n;
}

/** The annotators (by id) who have at least one chapter in the data room; the owner's plan is not among them. */
export function listChapterAnnotators(db: Database, dataRoomId: string): string[] {
  return (db.prepare('SELECT DISTINCT annotator_id FROM chapters WHERE data_room_id = ? AND annotator_id IS NOT NULL').all(dataRoomId) as { annotator_id: string }[]).map((r) => r.annotator_id);
}

export function updateChapterText(
  db: Database,
  id: string,
  fields: Pick<ChapterRow, 'title' | 'instruction' | 'design_notes' | 'updated_at'>,
): void {
  db.prepare('UPDATE chapters SET title = @title, instruction = @instruction, design_notes = @design_notes, updated_at = @updated_at WHERE id = @id').run({
    ...fields,
    id,
  });
}

export function setChapterPosition(db: Database, id: string, position: number): void {
  db.prepare('UPDATE chapters SET position = ? WHERE id = ?').run(position, id);
}

/** Deletes the chapter; its citations go with it (ON DELETE CASCADE). */
export function deleteChapter(db: Database, id: string): void {
  db.prepare('DELETE FROM chapters WHERE id = ?').run(id);
}
