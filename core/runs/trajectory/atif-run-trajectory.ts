import type { PendingBlobs } from '../../store/pending-blobs.ts';
import type { RunTrajectoryRow } from '../../store/run-trajectory-repository.ts';
import type { FolderTrajectory } from './atif-run-files.ts';
import { summariseTrajectory } from './summarise-trajectory.ts';

/**
 * Puts an imported run's trajectory into the blob store, the file as imported and our normalised
 * trajectory (what an executed run keeps), and returns the `run_trajectories` row for the run;
 * the caller inserts it with the run, in one transaction (which records the blobs in `pending`).
 */
export async function storeFolderTrajectory(pending: PendingBlobs, runId: string, found: FolderTrajectory, fallbackHarnessVersion: string | null = null): Promise<RunTrajectoryRow> {
  const now = new Date().toISOString();
  const source = await pending.put(found.bytes);
  const normalised = await pending.put(Buffer.from(JSON.stringify(found.trajectory)));
  const summary = summariseTrajectory(found.trajectory);
  return {
    run_id: runId,
    trajectory_sha256: normalised.sha256,
    source_sha256: source.sha256,
    source_format: 'atif',
    source_path: found.path,
    harness_version: found.trajectory.harnessVersion ?? fallbackHarnessVersion,
    steps: summary.steps,
    tool_calls: summary.toolCalls,
    failed_tool_calls: summary.failedToolCalls,
    tokens_input: summary.tokens.input,
    tokens_output: summary.tokens.output,
    cost_usd: found.trajectory.costUsd,
    duration_ms: found.trajectory.durationMs,
    errors_json: JSON.stringify(found.errors),
    imported_at: now,
  };
}

/** The line an import prints for the trajectory it stored: "trajectory: 12 steps, 3 errors (2 recovered)". */
export function describeFolderTrajectory(found: FolderTrajectory): string {
  const summary = summariseTrajectory(found.trajectory);
  const recovered = found.errors.filter((error) => error.recovered).length;
  return `trajectory ${found.path}: ${summary.steps} step${summary.steps === 1 ? '' : 's'}, ${summary.toolCalls} tool call${summary.toolCalls === 1 ? '' : 's'}, ${found.errors.length} error${found.errors.length === 1 ? '' : 's'} (${recovered} recovered)`;
}
