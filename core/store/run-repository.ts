import type { Database } from 'better-sqlite3';
import { CURRENT_ATTEMPT } from './superseded-run-repository.ts';
import { prepared } from './statement-cache.ts';
import { writeTransaction } from './write-transaction.ts';

/**
 * A `runs` row as stored: one agent run and the configuration that produced it. `config_id` is
 * harness + model + versions (core/runs/run-configuration.ts); `harness_version` is the harness
 * CLI's version, an attribute of the run and never part of its configuration.
 */
export interface RunRow {
  id: string;
  task_id: string;
  /** The harness's canonical id (core/runs/harnesses), or another agent's name. */
  harness: string;
  model: string;
  versions_json: string;
  config_id: string;
  harness_version: string | null;
  status: 'succeeded' | 'failed' | 'timeout' | 'cancelled';
  started_at: string;
  finished_at: string;
  digest: string;
  source_dir: string;
  imported_at: string;
  /** 1 for a generated run (the demo study's): no artifacts, never executed, kept out of real results. */
  synthetic: 0 | 1;
  /** 1 for a record the demo's seed wrote (its arena bundles, its synthetic study: migration 023), kept out of a user's results. */
  demo: 0 | 1;
}

/** What insertRun takes: a run is real unless it says it is synthetic; its harness version may be unknown. It is never the demo's until the seed marks it. */
export type NewRun = Omit<RunRow, 'synthetic' | 'harness_version' | 'demo'> & { synthetic?: 0 | 1; harness_version?: string | null };

/**
 * Synthetic configuration ids live in their own namespace, so a generated run never shares a
 * configuration with a real run of the same harness, model and versions (migration 006 moved
 * the existing ones here, and its triggers refuse a mix).
 */
export const SYNTHETIC_CONFIG_PREFIX = 'synthetic:';

export function isSyntheticConfigId(configId: string): boolean {
  return configId.startsWith(SYNTHETIC_CONFIG_PREFIX);
}

/** Raised when a run would blend synthetic and real identities; nothing was stored. */
export class SyntheticIdentityError extends Error {
  override name = 'SyntheticIdentityError';
}

export interface RunFileRow {
  run_id: string;
  path: string;
  sha256: string;
  size_bytes: number;
}

export interface RunFindingRow {
  run_id: string;
  node_id: string;
  kind: string;
  detail: string;
}

/**
 * Inserts a run with its files and capture findings, all or nothing. Refuses a real run with a
 * synthetic configuration id or on a synthetic task, and a synthetic run with a real one.
 */
export function insertRun(db: Database, run: NewRun, files: readonly RunFileRow[], findings: readonly RunFindingRow[]): void {
  const row: Omit<RunRow, 'demo'> = { ...run, harness_version: run.harness_version ?? null, synthetic: run.synthetic ?? 0 };
  checkSyntheticIdentity(db, row);
  writeTransaction(db, () => {
    prepared(db,
      `INSERT INTO runs (id, task_id, harness, harness_version, model, versions_json, config_id, status, started_at, finished_at, digest, source_dir, imported_at, synthetic)
       VALUES (@id, @task_id, @harness, @harness_version, @model, @versions_json, @config_id, @status, @started_at, @finished_at, @digest, @source_dir, @imported_at, @synthetic)`,
    ).run(row);
    const insertFile = prepared(db, 'INSERT INTO run_files (run_id, path, sha256, size_bytes) VALUES (@run_id, @path, @sha256, @size_bytes)');
    for (const file of files) insertFile.run(file);
    const insertFinding = prepared(db, 'INSERT INTO run_frame_findings (run_id, node_id, kind, detail) VALUES (@run_id, @node_id, @kind, @detail)');
    for (const finding of findings) insertFinding.run(finding);
  })();
}

function checkSyntheticIdentity(db: Database, run: Pick<RunRow, 'id' | 'task_id' | 'config_id' | 'synthetic'>): void {
  const kind = run.synthetic === 1 ? 'synthetic' : 'real';
  if (isSyntheticConfigId(run.config_id) !== (run.synthetic === 1)) {
    throw new SyntheticIdentityError(
      run.synthetic === 1
        ? `The synthetic run ${run.id} has the configuration id ${run.config_id}, which is a real run's namespace. Nothing was stored; synthetic configuration ids start with "${SYNTHETIC_CONFIG_PREFIX}".`
        : `The run ${run.id} is real but its configuration id ${run.config_id} starts with "${SYNTHETIC_CONFIG_PREFIX}", the namespace of generated demo runs. Nothing was stored.`,
    );
  }
  const task = prepared(db, 'SELECT synthetic FROM tasks WHERE id = ?').get(run.task_id) as { synthetic: 0 | 1 } | undefined;
  if (task && task.synthetic !== run.synthetic) {
    throw new SyntheticIdentityError(
      task.synthetic === 1
        ? `Task ${run.task_id} is a synthetic demo task, so the ${kind} run ${run.id} cannot be added to it. Nothing was stored; give the real task its own id (in task.json and run.json's task_id) and import both again.`
        : `Task ${run.task_id} is a real task, so the ${kind} run ${run.id} cannot be added to it. Nothing was stored; synthetic runs belong to synthetic tasks.`,
    );
  }
}

/** Adds a run-wide finding to a stored run, once: a finding of the same kind and detail already there is kept as it is. */
export function addRunFinding(db: Database, finding: RunFindingRow): void {
  writeTransaction(db, () => {
    const known = prepared(db, 'SELECT 1 FROM run_frame_findings WHERE run_id = ? AND node_id = ? AND kind = ? AND detail = ?').get(finding.run_id, finding.node_id, finding.kind, finding.detail);
    if (!known) prepared(db, 'INSERT INTO run_frame_findings (run_id, node_id, kind, detail) VALUES (@run_id, @node_id, @kind, @detail)').run(finding);
  })();
}

export function findRun(db: Database, id: string): RunRow | undefined {
  return prepared(db, 'SELECT * FROM runs WHERE id = ?').get(id) as RunRow | undefined;
}

export function findRunByDigest(db: Database, digest: string): RunRow | undefined {
  return prepared(db, 'SELECT * FROM runs WHERE digest = ?').get(digest) as RunRow | undefined;
}

/**
 * Every run of the project's tasks (optionally one task's), in import order: each study run's
 * current attempt only, as analyses, exports, judging and the arena count them; an earlier attempt
 * a retry kept (superseded_runs) is left out with its votes and judgments.
 */
export function listRuns(db: Database, projectId: string, taskId?: string): RunRow[] {
  const sql = `SELECT runs.* FROM runs JOIN tasks ON tasks.id = runs.task_id WHERE tasks.project_id = ? AND ${CURRENT_ATTEMPT('runs.id')}
               ${taskId === undefined ? '' : 'AND runs.task_id = ?'} ORDER BY runs.imported_at, runs.id`;
  return prepared(db, sql).all(...(taskId === undefined ? [projectId] : [projectId, taskId])) as RunRow[];
}

/** Runs of the project that have at least one artifact to show, in id order (current attempts: voters never see an earlier one). */
export function listShowableRuns(db: Database, projectId: string): Pick<RunRow, 'id' | 'task_id' | 'config_id'>[] {
  return prepared(db, 
      `SELECT runs.id, runs.task_id, runs.config_id FROM runs JOIN tasks ON tasks.id = runs.task_id
       WHERE tasks.project_id = ? AND ${CURRENT_ATTEMPT('runs.id')} AND EXISTS (SELECT 1 FROM run_files f WHERE f.run_id = runs.id) ORDER BY runs.id`,
    )
    .all(projectId) as Pick<RunRow, 'id' | 'task_id' | 'config_id'>[];
}

/** Changes whenever a run or a run file is added or removed, or a retry supersedes a run: the arena's queues key on it. */
export function runSetVersion(db: Database): string {
  const row = prepared(db, 'SELECT (SELECT count(*) FROM runs) AS runs, (SELECT count(*) FROM run_files) AS files, (SELECT max(rowid) FROM runs) AS last, (SELECT count(*) FROM superseded_runs) AS superseded').get() as {
    runs: number;
    files: number;
    last: number | null;
    superseded: number;
  };
  return `${row.runs}:${row.files}:${row.last ?? 0}:${row.superseded}`;
}

export function listRunFiles(db: Database, runId: string): RunFileRow[] {
  return prepared(db, 'SELECT * FROM run_files WHERE run_id = ? ORDER BY path').all(runId) as RunFileRow[];
}

export function findRunFile(db: Database, runId: string, path: string): RunFileRow | undefined {
  return prepared(db, 'SELECT * FROM run_files WHERE run_id = ? AND path = ?').get(runId, path) as RunFileRow | undefined;
}

export function listRunFindings(db: Database, runId: string): RunFindingRow[] {
  return prepared(db, 'SELECT * FROM run_frame_findings WHERE run_id = ? ORDER BY rowid').all(runId) as RunFindingRow[];
}

/**
 * Ids of the project's runs that produced a file at `path` (`dist/index.html`: a static build the
 * app can serve): stored in run_files, or listed by the dataset export a run was imported from
 * (imported_run_artifacts, migration 025: the export carries no file's bytes).
 */
export function listRunIdsWithFile(db: Database, projectId: string, path: string): string[] {
  const rows = prepared(db, 
      `SELECT runs.id FROM runs JOIN tasks ON tasks.id = runs.task_id
       WHERE tasks.project_id = ? AND ${CURRENT_ATTEMPT('runs.id')} AND (EXISTS (SELECT 1 FROM run_files f WHERE f.run_id = runs.id AND f.path = ?)
         OR EXISTS (SELECT 1 FROM imported_run_artifacts a WHERE a.run_id = runs.id AND a.path = ?)) ORDER BY runs.id`,
    )
    .all(projectId, path, path) as { id: string }[];
  return rows.map((row) => row.id);
}
