import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoDatasetDir } from '../../app-paths.ts';
import { findTask, listTaskFrames } from '../../store/task-repository.ts';
import { openWorkspace, type Workspace } from '../../workspace/open-workspace.ts';
import { importBundles } from './import-bundles.ts';

const demoArena = join(demoDatasetDir, 'arena');
const FIGMA_TASK = 'demo-figma-pricing';

let dir: string;
let workspace: Workspace;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-task-folder-'));
  workspace = openWorkspace(join(dir, 'ws'));
  // The Figma task with its three ground-truth frames and the three runs on it.
  await importBundles(workspace, [demoArena], { captureMissingFrames: false });
});

afterEach(() => {
  workspace.close();
  rmSync(dir, { recursive: true, force: true });
});

const groundTruth = () => listTaskFrames(workspace.db, FIGMA_TASK).map((frame) => [frame.node_id, frame.gt_sha256]);

describe('a task folder reusing the id of a task in use', () => {
  it('is refused when it would make the Figma task programmatic, naming the runs that use it; its frames stay', async () => {
    const before = groundTruth();
    expect(before).toHaveLength(3);
    const folder = join(dir, 'hostile');
    mkdirSync(folder);
    writeFileSync(join(folder, 'task.json'), JSON.stringify({ id: FIGMA_TASK, kind: 'programmatic', title: 'Pricing page', instruction: 'Write anything.' }));

    const result = await importBundles(workspace, [folder]);
    expect(result.outcomes).toEqual([
      expect.objectContaining({ kind: 'task', status: 'failed', reason: expect.stringMatching(new RegExp(`${FIGMA_TASK}.*3 runs`)) }),
    ]);
    expect(result.outcomes[0]).toMatchObject({ reason: expect.stringMatching(/kind/) });
    expect(findTask(workspace.db, FIGMA_TASK)?.kind).toBe('figma');
    expect(groundTruth()).toEqual(before);
  });

  it('is refused when it would change a ground-truth frame, and still takes a new title', async () => {
    const before = groundTruth();
    const folder = join(dir, 'redrawn');
    cpSync(join(demoArena, 'tasks', 'figma-pricing'), folder, { recursive: true });
    const png = join(folder, 'ground_truth', 'pricing-table.png');
    writeFileSync(png, readFileSync(join(folder, 'ground_truth', 'landing-hero.png')));

    const refused = await importBundles(workspace, [folder]);
    expect(refused.outcomes).toEqual([expect.objectContaining({ status: 'failed', reason: expect.stringMatching(/3 runs use it.*ground truth/) })]);
    expect(groundTruth()).toEqual(before);

    cpSync(join(demoArena, 'tasks', 'figma-pricing', 'ground_truth'), join(folder, 'ground_truth'), { recursive: true });
    const task = JSON.parse(readFileSync(join(folder, 'task.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(folder, 'task.json'), JSON.stringify({ ...task, title: 'Pricing page, renamed' }));
    const renamed = await importBundles(workspace, [folder]);
    expect(renamed.outcomes).toEqual([expect.objectContaining({ status: 'imported', detail: expect.stringContaining('updated') })]);
    expect(findTask(workspace.db, FIGMA_TASK)?.title).toBe('Pricing page, renamed');
    expect(groundTruth()).toEqual(before);
  });
});

describe('a task folder whose task.json is not a regular file', () => {
  it('is refused at once, saying the path is a named pipe, instead of waiting forever for a writer', async () => {
    const folder = join(dir, 'fifo');
    mkdirSync(folder);
    execFileSync('mkfifo', [join(folder, 'task.json')]);
    const result = await importBundles(workspace, [folder]);
    expect(result.outcomes).toEqual([expect.objectContaining({ status: 'failed', reason: expect.stringMatching(/task\.json.*named pipe.*not a regular file/) })]);
  }, 15_000);
});

describe('a task folder whose task.json links out of the folder', () => {
  it('is refused naming task.json and where it leads; the task in the workspace is untouched', async () => {
    const folder = join(dir, 'linked-task');
    mkdirSync(folder);
    const outside = join(dir, 'somewhere-else.json');
    writeFileSync(outside, JSON.stringify({ id: FIGMA_TASK, kind: 'programmatic', title: 'Replaced', instruction: 'x' }));
    symlinkSync(outside, join(folder, 'task.json'));
    const before = { task: findTask(workspace.db, FIGMA_TASK), frames: groundTruth() };
    const result = await importBundles(workspace, [folder]);
    expect(result.outcomes).toEqual([expect.objectContaining({ status: 'failed', reason: expect.stringContaining(`${join(folder, 'task.json')}: resolves to ${outside}, outside ${folder}`) })]);
    expect({ task: findTask(workspace.db, FIGMA_TASK), frames: groundTruth() }).toEqual(before);
  });
});
