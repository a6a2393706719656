import type { Database } from 'better-sqlite3';

/** A `data_rooms` row as stored (a data room). */
export interface DataRoomRow {
  id: string;
  project_id: string;
  title: string;
  global_notes: string;
  /** 1: the room's annotators may see each other's plans (the owner allowed it); 0: each sees only their own. */
  plans_shared: 0 | 1;
  created_at: string;
  updated_at: string;
}

export function insertDataRoom(db: Database, row: Omit<DataRoomRow, 'plans_shared'>): void {
  db.prepare(
    `INSERT INTO data_rooms (id, project_id, title, global_notes, created_at, updated_at)
     VALUES (@id, @project_id, @title, @global_notes, @created_at, @updated_at)`,
  ).run(row);
}

export function findDataRoom(db: Database, id: string): DataRoomRow | undefined {
  return db.prepare('SELECT * FROM data_rooms WHERE id = ?').get(id) as DataRoomRow | undefined;
}

/** The project's data rooms, oldest first (the first one is the default data room). */
export function listDataRooms(db: Database, projectId: string): DataRoomRow[] {
  return db.prepare('SELECT * FROM data_rooms WHERE project_id = ? ORDER BY created_at, id').all(projectId) as DataRoomRow[];
}

export function updateDataRoomFields(db: Database, id: string, fields: Pick<DataRoomRow, 'title' | 'global_notes' | 'updated_at'>): void {
  db.prepare('UPDATE data_rooms SET title = @title, global_notes = @global_notes, updated_at = @updated_at WHERE id = @id').run({ ...fields, id });
}

export function touchDataRoom(db: Database, id: string, updatedAt: string): void {
  db.prepare('UPDATE data_rooms SET updated_at = ? WHERE id = ?').run(updatedAt, id);
}

export function setPlansShared(db: Database, id: string, shared: boolean, updatedAt: string): void {
  db.prepare('UPDATE data_rooms SET plans_shared = ?, updated_at = ? WHERE id = ?').run(shared ? 1 : 0, updatedAt, id);
}
