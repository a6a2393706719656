import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Trajectory } from '../../../schemas/trajectory.ts';
import { recordBlob } from '../../store/blob-repository.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { insertRun } from '../../store/run-repository.ts';
import { insertRunTrajectory } from '../../store/run-trajectory-repository.ts';
import { upsertTask } from '../../store/task-repository.ts';
import { openWorkspace, type Workspace } from '../../workspace/open-workspace.ts';
import { TINY_PNG } from '../providers/fake-judge-setup.fixture.ts';

const STAMP = '2026-01-01T00:00:00.000Z';

/** A short trajectory of a run that read, wrote and built, as an imported ATIF file would give it. */
export function sampleTrajectory(text: string): Trajectory {
  return {
    format: 'lhb-trajectory/1',
    harness: 'claude-code',
    harnessVersion: null,
    model: null,
    sessionId: null,
    steps: [
      {
        index: 0,
        source: 'agent',
        text,
        toolCalls: [
          { id: 'c0', name: 'Read', arguments: { file_path: 'TASK.md' }, result: 'the task', ok: true, failure: null, exitCode: null, durationMs: null },
          { id: 'c1', name: 'Write', arguments: { file_path: 'out/dist/index.html', content: '<h1>x</h1>' }, result: 'written', ok: true, failure: null, exitCode: null, durationMs: null },
        ],
        timestamp: null,
        tokens: null,
      },
    ],
    tokens: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0 },
    costUsd: null,
    durationMs: null,
    outcome: 'completed',
    warnings: [],
  };
}

export interface TwoKindsWorkspace {
  dir: string;
  workspace: Workspace;
  /** Runs of the Figma task: frames captured, with trajectories (the two have the same trajectory). */
  figmaRuns: string[];
  /** Runs of the programmatic task: presentation frames captured; the first with a trajectory, the second without. */
  programmaticRuns: string[];
  close(): void;
}

/**
 * A fresh workspace holding one task of each kind: a Figma task with two ground-truth frames and
 * two runs, and a programmatic (chapter content) task with two runs. Every run has captured
 * frames; every run but the last programmatic one has a trajectory, so each tier has runs of
 * both kinds to choose from.
 */
export function twoKindsWorkspace(): TwoKindsWorkspace {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-two-kinds-'));
  const workspace = openWorkspace(dir);
  const { db, blobs } = workspace;
  const project = findCurrentProject(db)!;
  const blob = (bytes: Buffer) => {
    const { sha256, sizeBytes } = blobs.put(bytes);
    recordBlob(db, sha256, sizeBytes, STAMP);
    return { sha256, sizeBytes };
  };
  upsertTask(
    db,
    { id: 'figma-task', project_id: project.id, kind: 'figma', title: 'Pricing page', instruction: 'Build the frames.', chapter_id: null, figma_file_key: null, created_at: STAMP, updated_at: STAMP },
    [0, 1].map((i) => ({ task_id: 'figma-task', position: i, node_id: `1:${i + 2}`, name: `Frame ${i}`, target_route: i === 0 ? '/' : `/page-${i}`, viewport_width: 960, viewport_height: 640, gt_sha256: blob(Buffer.concat([TINY_PNG, Buffer.from(`gt-${i}`)])).sha256 })),
  );
  upsertTask(db, { id: 'content-task', project_id: project.id, kind: 'programmatic', title: 'Explain the weekly trend', instruction: 'Make slides that teach the trend.', chapter_id: null, figma_file_key: null, created_at: STAMP, updated_at: STAMP }, []);

  const addRun = (id: string, taskId: string, framePaths: string[], trajectory: Trajectory | null) => {
    const files = framePaths.map((path) => {
      const { sha256, sizeBytes } = blob(Buffer.concat([TINY_PNG, Buffer.from(`${id}-${path}`)]));
      return { run_id: id, path, sha256, size_bytes: sizeBytes };
    });
    insertRun(
      db,
      { id, task_id: taskId, harness: 'claude-code', model: 'test-model', versions_json: '{"skill":"v1"}', config_id: `cfg-${taskId}`, status: 'succeeded', started_at: STAMP, finished_at: STAMP, digest: `digest-${id}`, source_dir: `/bundles/${id}`, imported_at: STAMP },
      files,
      [],
    );
    if (trajectory) {
      const stored = blob(Buffer.from(JSON.stringify(trajectory)));
      insertRunTrajectory(db, {
        run_id: id, trajectory_sha256: stored.sha256, source_sha256: stored.sha256, source_format: 'atif', source_path: 'trajectory.json', harness_version: null,
        steps: 1, tool_calls: 2, failed_tool_calls: 0, tokens_input: 10, tokens_output: 5, cost_usd: null, duration_ms: null, errors_json: '[]', imported_at: STAMP,
      });
    }
  };
  const figmaRuns = ['figma-run-1', 'figma-run-2'];
  for (const id of figmaRuns) addRun(id, 'figma-task', ['frames/1-2.png', 'frames/1-3.png'], sampleTrajectory('Building the page.'));
  const programmaticRuns = ['content-run-1', 'content-run-2'];
  addRun(programmaticRuns[0]!, 'content-task', ['frames/slide-1.png', 'frames/slide-2.png'], sampleTrajectory('Planning the slides.'));
  addRun(programmaticRuns[1]!, 'content-task', ['frames/slide-1.png'], null);
  return {
    dir,
    workspace,
    figmaRuns,
    programmaticRuns,
    close: () => {
      workspace.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
