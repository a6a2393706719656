import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { prepared } from './statement-cache.ts';
import type { StudyRunRow } from './study-repository.ts';
import { writeTransaction } from './write-transaction.ts';

/** An earlier attempt of a study run, kept with its votes and judgments (migration 028). */
export interface SupersededRunRow {
  run_id: string;
  study_run_id: string;
  attempt: number;
  superseded_at: string;
  transcript_sha256: string | null;
  trajectory_sha256: string | null;
  errors_json: string | null;
  study_run_json: string;
}

/** The SQL condition "this run is a current attempt": no later attempt of its study run superseded it. */
export const CURRENT_ATTEMPT = (runIdColumn: string) => `${runIdColumn} NOT IN (SELECT run_id FROM superseded_runs)`;

/**
 * Makes a finished study run pending again while its stored run stays, as its earlier attempt:
 * the run (and its votes, judgments, files) is kept and recorded as superseded, with the study
 * run's record of it (transcript, trajectory, errors) as it was; the next attempt stores its run
 * under a new id. Returns the attempt number the kept run had and the id the next one takes.
 */
export function supersedeStudyRunAttempt(db: Database, id: string, now: string): { kept: string; attempt: number; nextRunId: string } {
  return writeTransaction(db, () => {
    const row = prepared(db, 'SELECT * FROM study_runs WHERE id = ?').get(id) as StudyRunRow | undefined;
    if (!row?.run_id) throw new Error(`Study run ${id} has no stored run to keep as an earlier attempt.`);
    const attempt = countSupersededAttempts(db, id) + 1;
    prepared(
      db,
      `INSERT INTO superseded_runs (run_id, study_run_id, attempt, superseded_at, transcript_sha256, trajectory_sha256, errors_json, study_run_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(row.run_id, id, attempt, now, row.transcript_sha256, row.trajectory_sha256, row.errors_json, JSON.stringify(row));
    const nextRunId = randomUUID();
    prepared(
      db,
      `UPDATE study_runs SET status = 'pending', run_id = NULL, next_run_id = ?, error_kind = NULL, error_message = NULL, finished_at = NULL,
         transcript_sha256 = NULL, trajectory_sha256 = NULL, errors_json = NULL, steps = NULL, tool_calls = NULL, failed_tool_calls = NULL,
         tokens_input = NULL, tokens_output = NULL, cost_usd = NULL, duration_ms = NULL,
         last_event = 'Waiting to be retried', cancel_requested_at = NULL, updated_at = ? WHERE id = ?`,
    ).run(nextRunId, now, id);
    return { kept: row.run_id, attempt, nextRunId };
  })();
}

export function findSupersededRun(db: Database, runId: string): SupersededRunRow | undefined {
  return prepared(db, 'SELECT * FROM superseded_runs WHERE run_id = ?').get(runId) as SupersededRunRow | undefined;
}

/** A study run's earlier attempts, first first. */
export function listSupersededRuns(db: Database, studyRunId: string): SupersededRunRow[] {
  return prepared(db, 'SELECT * FROM superseded_runs WHERE study_run_id = ? ORDER BY attempt').all(studyRunId) as SupersededRunRow[];
}

export function countSupersededAttempts(db: Database, studyRunId: string): number {
  return (prepared(db, 'SELECT count(*) AS n FROM superseded_runs WHERE study_run_id = ?').get(studyRunId) as { n: number }).n;
}

/**
 * The study run's record of an earlier attempt, as it was when it was superseded, with the run it
 * stored: what `lhb runs show` and the trajectory read for that attempt.
 */
export function supersededStudyRunRow(row: SupersededRunRow): StudyRunRow {
  return { ...(JSON.parse(row.study_run_json) as StudyRunRow), run_id: row.run_id, transcript_sha256: row.transcript_sha256, trajectory_sha256: row.trajectory_sha256, errors_json: row.errors_json };
}
