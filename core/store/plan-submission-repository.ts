import type { Database } from 'better-sqlite3';
import { prepared } from './statement-cache.ts';

/** A `plan_submissions` row: one annotator's submitted chapter plan for a data room. */
export interface PlanSubmissionRow {
  data_room_id: string;
  annotator: string;
  plan_json: string;
  submitted_at: string;
  approved_by: string | null;
  approved_at: string | null;
}

/** Stores the annotator's plan, replacing (and un-approving) the one they submitted before. */
export function upsertPlanSubmission(db: Database, row: Omit<PlanSubmissionRow, 'approved_by' | 'approved_at'>): void {
  prepared(
    db,
    `INSERT INTO plan_submissions (data_room_id, annotator, plan_json, submitted_at) VALUES (@data_room_id, @annotator, @plan_json, @submitted_at)
     ON CONFLICT (data_room_id, annotator) DO UPDATE SET annotator = excluded.annotator, plan_json = excluded.plan_json, submitted_at = excluded.submitted_at, approved_by = NULL, approved_at = NULL`,
  ).run(row);
}

/** Inserts a row as it was exported (approval included); a row already there is left as it is. */
export function insertPlanSubmissionIfMissing(db: Database, row: PlanSubmissionRow): boolean {
  return (
    prepared(
      db,
      `INSERT INTO plan_submissions (data_room_id, annotator, plan_json, submitted_at, approved_by, approved_at)
       VALUES (@data_room_id, @annotator, @plan_json, @submitted_at, @approved_by, @approved_at) ON CONFLICT DO NOTHING`,
    ).run(row).changes === 1
  );
}

export function findPlanSubmission(db: Database, dataRoomId: string, annotator: string): PlanSubmissionRow | undefined {
  return prepared(db, 'SELECT * FROM plan_submissions WHERE data_room_id = ? AND annotator = ?').get(dataRoomId, annotator) as PlanSubmissionRow | undefined;
}

/** The data room's submitted plans, by annotator name. */
export function listPlanSubmissions(db: Database, dataRoomId: string): PlanSubmissionRow[] {
  return prepared(db, 'SELECT * FROM plan_submissions WHERE data_room_id = ? ORDER BY annotator, submitted_at').all(dataRoomId) as PlanSubmissionRow[];
}

/** Every submitted plan of the workspace, for the dataset export. */
export function listAllPlanSubmissions(db: Database): PlanSubmissionRow[] {
  return prepared(db, 'SELECT * FROM plan_submissions ORDER BY data_room_id, annotator').all() as PlanSubmissionRow[];
}

/** Sets (a name and time) or clears (nulls) the approval. */
export function setPlanApproval(db: Database, dataRoomId: string, annotator: string, approval: { by: string; at: string } | null): void {
  prepared(db, 'UPDATE plan_submissions SET approved_by = ?, approved_at = ? WHERE data_room_id = ? AND annotator = ?').run(approval?.by ?? null, approval?.at ?? null, dataRoomId, annotator);
}
