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

/** Every imported trajectory's errors among the project's runs, in run import order. */
export function listRunTrajectoryErrors(db: Database, projectId: string): Pick<RunTrajectoryRow, 'run_id' | 'errors_json'>[] {
  return prepared(
    db,
    `SELECT rt.run_id, rt.errors_json FROM run_trajectories rt JOIN runs ON runs.id = rt.run_id JOIN tasks ON tasks.id = runs.task_id
     WHERE tasks.project_id = ? ORDER BY runs.imported_at, runs.id`,
  ).all(projectId) as Pick<RunTrajectoryRow, 'run_id' | 'errors_json'>[];
}

/** Every imported trajectory's token counts and cost among the project's runs. */
export function listRunTrajectoryUsage(db: Database, projectId: string): Pick<RunTrajectoryRow, 'run_id' | 'tokens_input' | 'tokens_output' | 'cost_usd'>[] {
  return prepared(
    db,
    `SELECT rt.run_id, rt.tokens_input, rt.tokens_output, rt.cost_usd FROM run_trajectories rt JOIN runs ON runs.id = rt.run_id JOIN tasks ON tasks.id = runs.task_id
     WHERE tasks.project_id = ?`,
  ).all(projectId) as Pick<RunTrajectoryRow, 'run_id' | 'tokens_input' | 'tokens_output' | 'cost_usd'>[];
}
