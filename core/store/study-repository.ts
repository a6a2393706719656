import type { Database } from 'better-sqlite3';
import { prepared } from './statement-cache.ts';
import { writeTransaction } from './write-transaction.ts';

export interface StudyRow {
  id: string;
  project_id: string;
  name: string;
  spec_json: string;
  config_digest: string;
  executor: string;
  folder: string;
  state: 'running' | 'finished' | 'cancelled' | 'interrupted';
  job_id: string | null;
  cancel_requested_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface StudyRunRow {
  id: string;
  study_id: string;
  position: number;
  task_id: string;
  harness: string;
  model: string;
  versions_json: string;
  config_id: string;
  config_index: number;
  repeat_index: number;
  status: 'pending' | 'running' | 'succeeded' | 'failed' | 'timeout' | 'cancelled';
  attempts: number;
  error_kind: string | null;
  error_message: string | null;
  harness_version: string | null;
  process_pid: number | null;
  process_start: string | null;
  started_at: string | null;
  finished_at: string | null;
  duration_ms: number | null;
  steps: number | null;
  tool_calls: number | null;
  failed_tool_calls: number | null;
  tokens_input: number | null;
  tokens_output: number | null;
  cost_usd: number | null;
  last_event: string | null;
  transcript_sha256: string | null;
  trajectory_sha256: string | null;
  errors_json: string | null;
  run_id: string | null;
  cancel_requested_at: string | null;
  updated_at: string;
  /** The Slurm job running it and its last known state (migration 012); null for local runs. */
  slurm_job_id?: string | null;
  slurm_state?: string | null;
  /** RunSandboxSchema as JSON: the sandbox it ran in. */
  sandbox_json?: string | null;
  /** The run id its next attempt stores its run under, once an earlier attempt was kept (migration 028). */
  next_run_id?: string | null;
}

export type NewStudyRun = Pick<StudyRunRow, 'id' | 'study_id' | 'position' | 'task_id' | 'harness' | 'model' | 'versions_json' | 'config_id' | 'config_index' | 'repeat_index' | 'updated_at'>;

export function insertStudy(db: Database, study: StudyRow, runs: readonly NewStudyRun[]): void {
  writeTransaction(db, () => {
    db.prepare(
      `INSERT INTO studies (id, project_id, name, spec_json, config_digest, executor, folder, state, job_id, cancel_requested_at, created_at, updated_at)
       VALUES (@id, @project_id, @name, @spec_json, @config_digest, @executor, @folder, @state, @job_id, @cancel_requested_at, @created_at, @updated_at)`,
    ).run(study);
    const insert = db.prepare(
      `INSERT INTO study_runs (id, study_id, position, task_id, harness, model, versions_json, config_id, config_index, repeat_index, status, updated_at)
       VALUES (@id, @study_id, @position, @task_id, @harness, @model, @versions_json, @config_id, @config_index, @repeat_index, 'pending', @updated_at)`,
    );
    for (const run of runs) insert.run(run);
  })();
}

export function findStudy(db: Database, id: string): StudyRow | undefined {
  return prepared(db, 'SELECT * FROM studies WHERE id = ?').get(id) as StudyRow | undefined;
}

export function listStudies(db: Database, projectId: string): StudyRow[] {
  return prepared(db, 'SELECT * FROM studies WHERE project_id = ? ORDER BY created_at DESC, id').all(projectId) as StudyRow[];
}

/** Records the study's state; starting it again (state `running`) clears an old cancel request. */
export function setStudyState(db: Database, id: string, state: StudyRow['state'], jobId: string | null, now: string): void {
  prepared(db, `UPDATE studies SET state = ?, job_id = ?, updated_at = ?, cancel_requested_at = CASE WHEN ? = 'running' THEN NULL ELSE cancel_requested_at END WHERE id = ?`).run(state, jobId, now, state, id);
}

/** Asks whichever process runs the study (or one of its runs) to stop it. */
export function requestStudyCancel(db: Database, studyId: string, now: string): void {
  prepared(db, 'UPDATE studies SET cancel_requested_at = ? WHERE id = ?').run(now, studyId);
}

export function requestStudyRunCancel(db: Database, runId: string, now: string): void {
  prepared(db, `UPDATE study_runs SET cancel_requested_at = ? WHERE id = ? AND status = 'running'`).run(now, runId);
}

/** What the owning process polls: a cancel asked for by another process, for the study or any running run. */
export function pendingCancelRequests(db: Database, studyId: string): { study: boolean; runIds: string[] } {
  const study = prepared(db, 'SELECT cancel_requested_at FROM studies WHERE id = ?').get(studyId) as { cancel_requested_at: string | null } | undefined;
  const runs = prepared(db, `SELECT id FROM study_runs WHERE study_id = ? AND status = 'running' AND cancel_requested_at IS NOT NULL`).all(studyId) as { id: string }[];
  return { study: study?.cancel_requested_at != null, runIds: runs.map((run) => run.id) };
}

export function listStudyRuns(db: Database, studyId: string): StudyRunRow[] {
  return prepared(db, 'SELECT * FROM study_runs WHERE study_id = ? ORDER BY position').all(studyId) as StudyRunRow[];
}

export function findStudyRun(db: Database, id: string): StudyRunRow | undefined {
  return prepared(db, 'SELECT * FROM study_runs WHERE id = ?').get(id) as StudyRunRow | undefined;
}

export function findStudyRunByRunId(db: Database, runId: string): StudyRunRow | undefined {
  return prepared(db, 'SELECT * FROM study_runs WHERE run_id = ?').get(runId) as StudyRunRow | undefined;
}

/** Succeeded runs of a study that left nothing in out/ (error kind `no-output`). */
export function countNoOutputStudyRuns(db: Database, studyId: string): number {
  return (prepared(db, `SELECT count(*) AS n FROM study_runs WHERE study_id = ? AND status = 'succeeded' AND error_kind = 'no-output'`).get(studyId) as { n: number }).n;
}

export function countStudyRunsByStatus(db: Database, studyId: string): Record<string, number> {
  const rows = prepared(db, 'SELECT status, count(*) AS n FROM study_runs WHERE study_id = ? GROUP BY status').all(studyId) as { status: string; n: number }[];
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

/** Marks a run started: one more attempt, the harness process not yet known. */
export function markStudyRunStarted(db: Database, id: string, harnessVersion: string | null, now: string): void {
  prepared(
    db,
    `UPDATE study_runs SET status = 'running', attempts = attempts + 1, harness_version = ?, started_at = ?, finished_at = NULL,
       error_kind = NULL, error_message = NULL, process_pid = NULL, process_start = NULL, cancel_requested_at = NULL, last_event = 'Starting', updated_at = ?
     WHERE id = ?`,
  ).run(harnessVersion, now, now, id);
}

export function recordStudyRunProcess(db: Database, id: string, pid: number, start: string | null, now: string): void {
  prepared(db, 'UPDATE study_runs SET process_pid = ?, process_start = ?, updated_at = ? WHERE id = ?').run(pid, start, now, id);
}

export function recordStudyRunProgress(db: Database, id: string, progress: { steps: number; lastEvent: string }, now: string): void {
  prepared(db, 'UPDATE study_runs SET steps = ?, last_event = ?, updated_at = ? WHERE id = ?').run(progress.steps, progress.lastEvent, now, id);
}

/** What finishing a run (or putting it back to pending for a retry) records. */
export type StudyRunResult = Pick<
  StudyRunRow,
  | 'error_kind'
  | 'error_message'
  | 'duration_ms'
  | 'steps'
  | 'tool_calls'
  | 'failed_tool_calls'
  | 'tokens_input'
  | 'tokens_output'
  | 'cost_usd'
  | 'last_event'
  | 'transcript_sha256'
  | 'trajectory_sha256'
  | 'errors_json'
  | 'run_id'
> & { status: 'succeeded' | 'failed' | 'timeout' | 'cancelled' | 'pending'; finished_at: string };

export function finishStudyRun(db: Database, id: string, result: StudyRunResult): void {
  prepared(
    db,
    `UPDATE study_runs SET status = @status, error_kind = @error_kind, error_message = @error_message, finished_at = @finished_at,
       duration_ms = @duration_ms, steps = @steps, tool_calls = @tool_calls, failed_tool_calls = @failed_tool_calls,
       tokens_input = @tokens_input, tokens_output = @tokens_output, cost_usd = @cost_usd, last_event = @last_event,
       transcript_sha256 = @transcript_sha256, trajectory_sha256 = @trajectory_sha256, errors_json = @errors_json,
       run_id = @run_id, process_pid = NULL, process_start = NULL, updated_at = @finished_at
     WHERE id = @id`,
  ).run({ ...result, id });
}

/** Records the sandbox a run's harness ran in, as it ran (mode, network, limits and what enforced them). */
export function recordStudyRunSandbox(db: Database, id: string, sandboxJson: string, now: string): void {
  prepared(db, 'UPDATE study_runs SET sandbox_json = ?, updated_at = ? WHERE id = ?').run(sandboxJson, now, id);
}

/** Runs a resume executes again: everything not finished for good (pending, interrupted, cancelled). */
export function listUnfinishedStudyRuns(db: Database, studyId: string): StudyRunRow[] {
  return prepared(db, `SELECT * FROM study_runs WHERE study_id = ? AND status IN ('pending', 'running', 'cancelled') ORDER BY position`).all(studyId) as StudyRunRow[];
}

/** Cancels what has not started yet (a cancelled study leaves no run waiting). */
export function cancelPendingStudyRuns(db: Database, studyId: string, now: string): void {
  prepared(db, `UPDATE study_runs SET status = 'cancelled', last_event = 'Cancelled before it started', updated_at = ? WHERE study_id = ? AND status = 'pending'`).run(now, studyId);
}

/**
 * The stored run whose artifacts came from this folder (a run engine run is imported from its own
 * out/): its current attempt's, never an earlier attempt's that a retry kept (it shares the folder).
 */
export function findRunBySourceDir(db: Database, sourceDir: string): { id: string; status: 'succeeded' | 'failed' | 'timeout' | 'cancelled'; finished_at: string } | undefined {
  return prepared(db, 'SELECT id, status, finished_at FROM runs WHERE source_dir = ? AND id NOT IN (SELECT run_id FROM superseded_runs) LIMIT 1').get(sourceDir) as
    | { id: string; status: 'succeeded' | 'failed' | 'timeout' | 'cancelled'; finished_at: string }
    | undefined;
}

export function listPendingStudyRuns(db: Database, studyId: string): StudyRunRow[] {
  return prepared(db, `SELECT * FROM study_runs WHERE study_id = ? AND status = 'pending' ORDER BY position`).all(studyId) as StudyRunRow[];
}

/** Votes and judgments that name a run: a retry keeps such a run as an earlier attempt instead of discarding it. */
export function countRunReferences(db: Database, runId: string): { votes: number; judgments: number } {
  const votes = (prepared(db, 'SELECT count(*) AS n FROM votes WHERE run_a = ? OR run_b = ?').get(runId, runId) as { n: number }).n;
  const judgments = (prepared(db, 'SELECT count(*) AS n FROM judgments WHERE run_id = ?').get(runId) as { n: number }).n;
  return { votes, judgments };
}

/**
 * Makes a finished study run pending again for a retry: its stored run (and what hangs off it:
 * files, findings, unvoted presentations) is removed, so the new attempt takes its place.
 */
export function resetStudyRunForRetry(db: Database, id: string, now: string): void {
  writeTransaction(db, () => {
    const row = prepared(db, 'SELECT run_id FROM study_runs WHERE id = ?').get(id) as { run_id: string | null } | undefined;
    prepared(
      db,
      `UPDATE study_runs SET status = 'pending', run_id = NULL, error_kind = NULL, error_message = NULL, finished_at = NULL,
         last_event = 'Waiting to be retried', cancel_requested_at = NULL, updated_at = ? WHERE id = ?`,
    ).run(now, id);
    if (row?.run_id) prepared(db, 'DELETE FROM runs WHERE id = ?').run(row.run_id);
  })();
}
