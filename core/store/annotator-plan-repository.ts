import type { Database } from 'better-sqlite3';

/** An `annotator_plans` row: what one annotator's plan of a data room holds beside its chapters (their global notes). */
export interface AnnotatorPlanRow {
  id: string;
  data_room_id: string;
  annotator_id: string;
  global_notes: string;
  created_at: string;
  updated_at: string;
}

export function findAnnotatorPlan(db: Database, dataRoomId: string, annotatorId: string): AnnotatorPlanRow | undefined {
  return db.prepare('SELECT * FROM annotator_plans WHERE data_room_id = ? AND annotator_id = ?').get(dataRoomId, annotatorId) as AnnotatorPlanRow | undefined;
}

export function insertAnnotatorPlan(db: Database, row: AnnotatorPlanRow): void {
  db.prepare(
    `INSERT INTO annotator_plans (id, data_room_id, annotator_id, global_notes, created_at, updated_at)
     VALUES (@id, @data_room_id, @annotator_id, @global_notes, @created_at, @updated_at)`,
  ).run(row);
}

export function updateAnnotatorPlanNotes(db: Database, id: string, globalNotes: string, updatedAt: string): void {
  db.prepare('UPDATE annotator_plans SET global_notes = ?, updated_at = ? WHERE id = ?').run(globalNotes, updatedAt, id);
}

/** The annotators (by id) with a plan row in the data room (notes written, even with no chapter yet). */
export function listAnnotatorPlans(db: Database, dataRoomId: string): AnnotatorPlanRow[] {
  return db.prepare('SELECT * FROM annotator_plans WHERE data_room_id = ? ORDER BY created_at, id').all(dataRoomId) as AnnotatorPlanRow[];
}
