import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RubricSet } from '../../../schemas/judge.ts';
import { recordBlob } from '../../store/blob-repository.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { insertRun } from '../../store/run-repository.ts';
import { upsertTask } from '../../store/task-repository.ts';
import { openWorkspace, type Workspace } from '../../workspace/open-workspace.ts';
import { TINY_PNG } from '../providers/fake-judge-setup.fixture.ts';

/** A small output-tier rubric set (5-point) the engine tests judge with. */
export const TEST_OUTPUT_SET: RubricSet = {
  name: 'test-output',
  version: 'v1',
  tier: 'output',
  scale: 5,
  title: 'Test output rubrics',
  description: '',
  authoredBy: 'expert',
  rubrics: ['Layout accuracy', 'Colour', 'Typography'].map((name, i) => ({
    name,
    criterion: `${name} of the frame against the ground truth.`,
    weight: [0.5, 0.3, 0.2][i]!,
    anchors: { '1': 'nothing matches', '2': 'little matches', '3': 'half matches', '4': 'most matches', '5': 'all matches' },
  })),
};

export interface JudgingWorkspace {
  dir: string;
  workspace: Workspace;
  taskId: string;
  runIds: string[];
  close(): void;
}

/**
 * A fresh workspace with one Figma task of `frames` ground-truth frames and `runs` real runs,
 * each with every frame captured (distinct PNG bytes per run), plus one run with no frames
 * (which the output tier leaves out).
 */
export function judgingWorkspace(options: { runs: number; frames?: number; frameBytes?: number }): JudgingWorkspace {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-judging-'));
  const workspace = openWorkspace(dir);
  const { db, blobs } = workspace;
  const project = findCurrentProject(db)!;
  const stamp = '2026-01-01T00:00:00.000Z';
  const blob = (bytes: Buffer) => {
    const { sha256, sizeBytes } = blobs.put(bytes);
    recordBlob(db, sha256, sizeBytes, stamp);
    return { sha256, sizeBytes };
  };
  const frames = options.frames ?? 2;
  const taskId = 'test-figma-task';
  upsertTask(
    db,
    { id: taskId, project_id: project.id, kind: 'figma', title: 'Test pages', instruction: 'Build the frames.', chapter_id: null, figma_file_key: null, created_at: stamp, updated_at: stamp },
    Array.from({ length: frames }, (_, i) => ({ task_id: taskId, position: i, node_id: `1:${i + 2}`, name: `Frame ${i}`, target_route: i === 0 ? '/' : `/page-${i}`, viewport_width: 960, viewport_height: 640, gt_sha256: blob(Buffer.concat([TINY_PNG, Buffer.from(`gt-${i}`)])).sha256 })),
  );
  const runIds: string[] = [];
  for (let r = 0; r <= options.runs; r++) {
    const id = r === options.runs ? 'run-without-frames' : `run-${String(r).padStart(3, '0')}`;
    const files =
      r === options.runs
        ? []
        : Array.from({ length: frames }, (_, i) => {
            const padding = options.frameBytes ? randomBytes(options.frameBytes) : Buffer.alloc(0);
            const { sha256, sizeBytes } = blob(Buffer.concat([TINY_PNG, Buffer.from(`run-${r}-frame-${i}`), padding]));
            return { run_id: id, path: `frames/1-${i + 2}.png`, sha256, size_bytes: sizeBytes };
          });
    insertRun(
      db,
      { id, task_id: taskId, harness: 'claude-code', model: 'test-model', versions_json: '{"skill":"v1"}', config_id: `cfg-${r % 2}`, status: 'succeeded', started_at: stamp, finished_at: stamp, digest: `digest-${id}`, source_dir: `/bundles/${id}`, imported_at: stamp },
      files,
      [],
    );
    if (r < options.runs) runIds.push(id);
  }
  return {
    dir,
    workspace,
    taskId,
    runIds,
    close: () => {
      workspace.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The rubric names a prompt lists as `### N. <name>`, in order. */
export function rubricNamesOf(promptText: string): string[] {
  return [...promptText.matchAll(/^### \d+\. (.+)$/gm)].map((match) => match[1]!.trim());
}

/** A valid reply to a prompt: every rubric it lists, each with `score(name)`. */
export function validReplyTo(promptText: string, score: (rubric: string) => number = () => 4): string {
  return JSON.stringify({ rubric_scores: rubricNamesOf(promptText).map((name) => ({ rubric_name: name, score: score(name), matched_level: String(score(name)), thinking_process: `Observed ${name.toLowerCase()} in frame 1.` })) });
}
