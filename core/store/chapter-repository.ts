import type { Database } from 'better-sqlite3';

/** A `chapters` row as stored. `position` is 0-based and contiguous within a data room. */
export interface ChapterRow {
  id: string;
  data_room_id: string;
  position: number;
  title: string;
  instruction: string;
  design_notes: string;
  created_at: string;
  updated_at: string;
}

export function insertChapter(db: Database, row: ChapterRow): void {
  db.prepare(
    `INSERT INTO chapters (id, data_room_id, position, title, instruction, design_notes, created_at, updated_at)
     VALUES (@id, @data_room_id, @position, @title, @instruction, @design_notes, @created_at, @updated_at)`,
  ).run(row);
}

export function findChapter(db: Database, id: string): ChapterRow | undefined {
  return db.prepare('SELECT * FROM chapters WHERE id = ?').get(id) as ChapterRow | undefined;
}

/** The data room's chapters in plan order. */
export function listChapters(db: Database, dataRoomId: string): ChapterRow[] {
  return db.prepare('SELECT * FROM chapters WHERE data_room_id = ? ORDER BY position, created_at, id').all(dataRoomId) as ChapterRow[];
}

export function countChapters(db: Database, dataRoomId: string): number {
  return (db.prepare('SELECT count(*) AS n FROM chapters WHERE data_room_id = ?').get(dataRoomId) as { n: number }).n;
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
