import type { Trajectory } from '../../schemas/trajectory.ts';
import { recordBlob } from '../store/blob-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { insertRun } from '../store/run-repository.ts';
import { insertRunTrajectory } from '../store/run-trajectory-repository.ts';
import { upsertTask } from '../store/task-repository.ts';
import type { Workspace } from '../workspace/open-workspace.ts';

const NOW = '2025-01-01T00:00:00.000Z';
const ZERO_TOKENS = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };

/** A blob of its own for each (run, turn) frame, so the page's frame URL tells which turn of which run it shows. */
function frameBlob(workspace: Workspace, label: string): string {
  const { sha256, sizeBytes } = workspace.blobs.put(Buffer.from(`frame of ${label}`));
  recordBlob(workspace.db, sha256, sizeBytes, NOW);
  return sha256;
}

/**
 * One task, runs by three configurations: two with `turns` turns each (a frame per turn in its
 * out/ snapshot; the run's stored files are the last turn's) and one single-turn run.
 */
export function seedMultiTurnRuns(workspace: Workspace, turns: number): Map<string, string> {
  const db = workspace.db;
  const project = findCurrentProject(db)!;
  const whatShows = new Map<string, string>();
  const gt = frameBlob(workspace, 'ground truth');
  upsertTask(db, { id: 'task-1', project_id: project.id, kind: 'figma', title: 'Task 1', instruction: '', chapter_id: null, figma_file_key: 'k', created_at: NOW, updated_at: NOW }, [
    { task_id: 'task-1', position: 0, node_id: '1:1', name: 'Home', target_route: '/', viewport_width: 800, viewport_height: 600, gt_sha256: gt },
  ]);
  const run = (runId: string, config: string, turnCount: number) => {
    const shas = Array.from({ length: turnCount }, (_, at) => frameBlob(workspace, `${runId} turn ${at + 1}`));
    shas.forEach((sha, at) => whatShows.set(sha, `${runId}@${at + 1}`));
    const last = shas[shas.length - 1]!;
    insertRun(
      db,
      { id: runId, task_id: 'task-1', harness: `harness-${config}`, model: `model-${config}`, versions_json: '{}', config_id: config, status: 'succeeded', started_at: NOW, finished_at: NOW, digest: runId, source_dir: '/x', imported_at: NOW },
      [{ run_id: runId, path: 'frames/1-1.png', sha256: last, size_bytes: 1 }],
      [],
    );
    if (turnCount < 2) return;
    const trajectory: Trajectory = {
      format: 'lhb-trajectory/1',
      harness: 'command',
      harnessVersion: null,
      model: null,
      sessionId: null,
      steps: [],
      tokens: ZERO_TOKENS,
      costUsd: null,
      durationMs: null,
      outcome: 'completed',
      warnings: [],
      turns: shas.map((sha, at) => ({
        index: at + 1,
        prompt: at === 0 ? 'Build it.' : `Revision ${at + 1}.`,
        status: 'succeeded',
        resumed: at > 0,
        durationMs: 1,
        tokens: ZERO_TOKENS,
        steps: 0,
        artifacts: [{ path: 'frames/1-1.png', sha256: sha, sizeBytes: 1 }],
        transcript: { offset: 0, bytes: 0 },
      })),
    };
    const stored = workspace.blobs.put(Buffer.from(JSON.stringify(trajectory)));
    recordBlob(db, stored.sha256, stored.sizeBytes, NOW);
    insertRunTrajectory(db, {
      run_id: runId, trajectory_sha256: stored.sha256, source_sha256: stored.sha256, source_format: 'atif', source_path: 'trajectory.json', harness_version: null,
      steps: 0, tool_calls: 0, failed_tool_calls: 0, tokens_input: 0, tokens_output: 0, cost_usd: null, duration_ms: null, errors_json: '[]', imported_at: NOW,
    });
  };
  run('run-a', 'config-a', turns);
  run('run-b', 'config-b', turns);
  run('run-c', 'config-c', 1);
  return whatShows;
}

