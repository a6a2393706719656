import { runDurationMs } from '../run-duration.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';
import { exportAtif } from './atif-export.ts';
import { AtifTrajectorySchema, type AtifTrajectory } from './atif-schema.ts';
import { readStoredRun } from './stored-trajectory.ts';

/** The ATIF document a run was imported from, as stored (null when it came with none, or the blob is gone). */
function importedDocument(workspace: Workspace, sha256: string): AtifTrajectory | undefined {
  if (!workspace.blobs.has(sha256)) return undefined;
  try {
    const parsed = AtifTrajectorySchema.safeParse(JSON.parse(workspace.blobs.read(sha256).toString('utf8').replace(/^\uFEFF/, '')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A run's trajectory as ATIF, with what the run knows beside it: the harness version the engine
 * found and the run's model (Codex and Gemini CLI name neither in their stream), the run's one
 * duration, and for a run imported from ATIF what that file had beyond the trajectory. Undefined
 * when the workspace has no such run; `atif` null when the run has no trajectory.
 */
export function exportRunAtif(workspace: Workspace, id: string): { runId: string; atif: AtifTrajectory | null } | undefined {
  const stored = readStoredRun(workspace, id);
  if (!stored) return undefined;
  const { run, studyRun, imported, trajectory } = stored;
  const runId = run?.id ?? studyRun!.id;
  if (!trajectory) return { runId, atif: null };
  const source = imported?.source_format === 'atif' ? importedDocument(workspace, imported.source_sha256) : undefined;
  const atif = exportAtif(trajectory, {
    harnessVersion: studyRun?.harness_version ?? imported?.harness_version ?? null,
    model: run?.model ?? studyRun?.model ?? null,
    runDurationMs: runDurationMs({ executedHere: studyRun !== undefined, engineMs: studyRun?.duration_ms, startedAt: run?.started_at, finishedAt: run?.finished_at }),
    ...(source ? { source } : {}),
  });
  return { runId, atif };
}
