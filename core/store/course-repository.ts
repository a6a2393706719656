import type { Database } from 'better-sqlite3';

/** A `courses` row as stored (a data room). */
export interface CourseRow {
  id: string;
  project_id: string;
  title: string;
  global_notes: string;
  created_at: string;
  updated_at: string;
}

export function insertCourse(db: Database, row: CourseRow): void {
  db.prepare(
    `INSERT INTO courses (id, project_id, title, global_notes, created_at, updated_at)
     VALUES (@id, @project_id, @title, @global_notes, @created_at, @updated_at)`,
  ).run(row);
}

export function findCourse(db: Database, id: string): CourseRow | undefined {
  return db.prepare('SELECT * FROM courses WHERE id = ?').get(id) as CourseRow | undefined;
}

/** The project's courses, oldest first (the first one is the default data room). */
export function listCourses(db: Database, projectId: string): CourseRow[] {
  return db.prepare('SELECT * FROM courses WHERE project_id = ? ORDER BY created_at, id').all(projectId) as CourseRow[];
}

export function updateCourseFields(db: Database, id: string, fields: Pick<CourseRow, 'title' | 'global_notes' | 'updated_at'>): void {
  db.prepare('UPDATE courses SET title = @title, global_notes = @global_notes, updated_at = @updated_at WHERE id = @id').run({ ...fields, id });
}

export function touchCourse(db: Database, id: string, updatedAt: string): void {
  db.prepare('UPDATE courses SET updated_at = ? WHERE id = ?').run(updatedAt, id);
}
