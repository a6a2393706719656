import type { Database } from 'better-sqlite3';
import { prepared } from './statement-cache.ts';

/** A `run_trajectories` row: the trajectory an imported run came with (migration 009). */
export interface RunTrajectoryRow {
  run_id: string;
  trajectory_sha256: string;
  source_sha256: string;
  source_format: 'atif';
  source_path: string;
  harness_version: string | null;
  steps: number;
  tool_calls: number;
  failed_tool_calls: number;
  tokens_input: number;
  tokens_output: number;
  cost_usd: number | null;
  duration_ms: number | null;
  errors_json: string;
  imported_at: string;
}

/** Records an imported run's trajectory; call it in the transaction that inserts the run. */
export function insertRunTrajectory(db: Database, row: RunTrajectoryRow): void {
  prepared(
    db,
    `INSERT INTO run_trajectories (run_id, trajectory_sha256, source_sha256, source_format, source_path, harness_version, steps, tool_calls,
       failed_tool_calls, tokens_input, tokens_output, cost_usd, duration_ms, errors_json, imported_at)
     VALUES (@run_id, @trajectory_sha256, @source_sha256, @source_format, @source_path, @harness_version, @steps, @tool_calls,
       @failed_tool_calls, @tokens_input, @tokens_output, @cost_usd, @duration_ms, @errors_json, @imported_at)`,
  ).run(row);
}

export function findRunTrajectory(db: Database, runId: string): RunTrajectoryRow | undefined {
  return prepared(db, 'SELECT * FROM run_trajectories WHERE run_id = ?').get(runId) as RunTrajectoryRow | undefined;
}

/**
 * Every imported trajectory's errors among the project's runs, by run id: a bundle's ATIF trajectory
 * (run_trajectories), or the summary a dataset export gave of one (imported_run_summaries, migration 025).
 */
export function listRunTrajectoryErrors(db: Database, projectId: string): Pick<RunTrajectoryRow, 'run_id' | 'errors_json'>[] {
  return prepared(
    db,
    `SELECT t.run_id, t.errors_json FROM (SELECT run_id, errors_json FROM run_trajectories UNION ALL SELECT run_id, errors_json FROM imported_run_summaries) t
     JOIN runs ON runs.id = t.run_id JOIN tasks ON tasks.id = runs.task_id
     WHERE tasks.project_id = ? ORDER BY t.run_id`,
  ).all(projectId) as Pick<RunTrajectoryRow, 'run_id' | 'errors_json'>[];
}

/** Every imported trajectory's token counts and cost among the project's runs (from run_trajectories, or a dataset export's summary), by run id. */
export function listRunTrajectoryUsage(db: Database, projectId: string): { run_id: string; tokens_input: number | null; tokens_output: number | null; cost_usd: number | null }[] {
  return prepared(
    db,
    `SELECT t.run_id, t.tokens_input, t.tokens_output, t.cost_usd
     FROM (SELECT run_id, tokens_input, tokens_output, cost_usd FROM run_trajectories UNION ALL SELECT run_id, tokens_input, tokens_output, cost_usd FROM imported_run_summaries) t
     JOIN runs ON runs.id = t.run_id JOIN tasks ON tasks.id = runs.task_id
     WHERE tasks.project_id = ? ORDER BY t.run_id`,
  ).all(projectId) as { run_id: string; tokens_input: number | null; tokens_output: number | null; cost_usd: number | null }[];
}
