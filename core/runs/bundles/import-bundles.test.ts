import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoDatasetDir, packageRoot } from '../../app-paths.ts';
import { listRunSummaries, listTaskSummaries } from '../run-views.ts';
import { openWorkspace, type Workspace } from '../../workspace/open-workspace.ts';
import { findRun } from '../../store/run-repository.ts';
import { importBundles } from './import-bundles.ts';
import { countBlobs } from '../../store/blob-repository.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { upsertTask } from '../../store/task-repository.ts';

const NOW = '2026-01-01T00:00:00.000Z';

const demoArena = join(demoDatasetDir, 'arena');
const fixtures = join(packageRoot, 'e2e', 'fixtures', 'arena');
const chromiumPresent = existsSync(process.env.LHB_CHROMIUM ?? '/usr/bin/chromium');

let dir: string;
let workspace: Workspace;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-bundles-'));
  workspace = openWorkspace(join(dir, 'ws'));
});

afterEach(() => {
  workspace.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('importBundles', () => {
  it('imports the demo tasks and bundles into the store, and a second import changes nothing', async () => {
    const first = await importBundles(workspace, [demoArena], { captureMissingFrames: false });
    expect(first.outcomes.map((o) => [o.kind, o.status])).toEqual([
      ['task', 'imported'],
      ['task', 'imported'],
      ...Array.from({ length: 5 }, () => ['run', 'imported']),
    ]);
    expect(first.message).toBe('2 tasks and 5 runs imported.');
    const tasks = listTaskSummaries(workspace.db);
    expect(tasks.map((t) => [t.id, t.kind, t.frames, t.runs])).toEqual([
      ['demo-chapter-trend', 'programmatic', 0, 2],
      ['demo-figma-pricing', 'figma', 3, 3],
    ]);
    const runs = listRunSummaries(workspace.db, 'demo-figma-pricing');
    expect(runs.map((r) => [r.frames, r.hasBuild, r.findings.length])).toEqual([
      [3, true, 0],
      [3, true, 0],
      [3, true, 0],
    ]);
    expect(new Set(runs.map((r) => r.harness))).toEqual(new Set(['claude-code', 'codex', 'gemini-cli']));

    const again = await importBundles(workspace, [demoArena], { captureMissingFrames: false });
    expect(again.outcomes.every((o) => o.status === 'unchanged')).toBe(true);
    expect(listRunSummaries(workspace.db)).toHaveLength(5);
  });

  it('maps a harness alias to its id and keeps the harness version beside the configuration, so one agent is one configuration', async () => {
    await importBundles(workspace, [demoArena], { captureMissingFrames: false });
    const root = join(dir, 'more');
    // The old convention: the alias, and the harness version among the versions.
    cpSync(join(demoArena, 'bundles', 'bundle-01'), join(root, 'legacy'), { recursive: true });
    writeFileSync(join(root, 'legacy', 'run.json'), JSON.stringify({ ...runJson(), harness: 'Codex-CLI', model: 'gpt-5-codex', versions: { skill: 'v1', harness: '0.45.2' } }));
    // Today's: the id, and harness_version on its own.
    cpSync(join(demoArena, 'bundles', 'bundle-01'), join(root, 'current'), { recursive: true });
    writeFileSync(join(root, 'current', 'run.json'), JSON.stringify({ ...runJson(), harness: 'codex', harness_version: '0.47.1', model: 'gpt-5-codex', versions: { skill: 'v1' }, started_at: '2025-02-01T00:00:00Z', finished_at: '2025-02-01T01:00:00Z' }));
    // Both, disagreeing: which one ran is unclear.
    cpSync(join(demoArena, 'bundles', 'bundle-01'), join(root, 'unclear'), { recursive: true });
    writeFileSync(join(root, 'unclear', 'run.json'), JSON.stringify({ ...runJson(), harness: 'codex', harness_version: '0.47.1', versions: { skill: 'v1', harness: '0.46.0' } }));
    const result = await importBundles(workspace, [root], { captureMissingFrames: false });
    const byPath = new Map(result.outcomes.map((o) => [o.path.split('/').pop(), o]));
    expect(byPath.get('legacy')).toMatchObject({ status: 'imported' });
    expect(byPath.get('current')).toMatchObject({ status: 'imported' });
    expect(byPath.get('unclear')).toMatchObject({ status: 'failed', reason: expect.stringMatching(/unclear[/\\]run\.json: versions\.harness: "0\.46\.0" disagrees with harness_version "0\.47\.1"/) });

    const codex = listRunSummaries(workspace.db, 'demo-figma-pricing').filter((run) => run.model === 'gpt-5-codex');
    expect(codex.map((run) => [run.harness, run.harnessVersion, run.versions]).sort()).toEqual([
      ['codex', '0.45.2', { skill: 'v1' }],
      ['codex', '0.46.0', { skill: 'v1' }],
      ['codex', '0.47.1', { skill: 'v1' }],
    ]);
    expect(new Set(codex.map((run) => findRun(workspace.db, run.id)!.config_id))).toEqual(new Set(['["codex","gpt-5-codex",{"skill":"v1"}]']));
  });

  it('reports each bad folder with the file and the fix while the good ones import', async () => {
    const root = join(dir, 'batch');
    cpSync(join(demoArena, 'tasks', 'figma-pricing'), join(root, 'task'), { recursive: true });
    cpSync(join(demoArena, 'bundles', 'bundle-01'), join(root, 'good'), { recursive: true });
    cpSync(join(demoArena, 'bundles', 'bundle-02'), join(root, 'orphan'), { recursive: true });
    writeFileSync(join(root, 'orphan', 'run.json'), JSON.stringify({ ...runJson(), task_id: 'no-such-task' }));
    cpSync(join(demoArena, 'bundles', 'bundle-03'), join(root, 'malformed'), { recursive: true });
    writeFileSync(join(root, 'malformed', 'run.json'), '{"task_id": "demo-figma-pricing", "harness": 3');
    mkdirSync(join(root, 'bare', 'nested'), { recursive: true });
    writeFileSync(join(root, 'bare', 'run.json'), JSON.stringify(runJson()));

    const result = await importBundles(workspace, [root, join(dir, 'missing')]);
    const byPath = new Map(result.outcomes.map((o) => [o.path.split('/').pop(), o]));
    expect(byPath.get('missing')).toMatchObject({ status: 'failed', reason: expect.stringMatching(/no such folder/) });
    expect(byPath.get('task')).toMatchObject({ kind: 'task', status: 'imported' });
    expect(byPath.get('good')).toMatchObject({ kind: 'run', status: 'imported' });
    expect(byPath.get('orphan')).toMatchObject({ status: 'failed', reason: expect.stringMatching(/task_id "no-such-task" is not a task in this workspace\. Import the task folder/) });
    expect(byPath.get('malformed')).toMatchObject({ status: 'failed', reason: expect.stringMatching(/malformed[/\\]run\.json/) });
    expect(byPath.get('bare')).toMatchObject({ status: 'failed', reason: expect.stringMatching(/no artifacts/) });
    expect(listRunSummaries(workspace.db)).toHaveLength(1);
  });

  it('records capture as skipped when it is turned off for a bundle that has a build but no frames', async () => {
    const result = await importBundles(workspace, [join(fixtures, 'capture-faults')], { captureMissingFrames: false });
    expect(result.outcomes.map((o) => o.status)).toEqual(['imported', 'imported']);
    const [run] = listRunSummaries(workspace.db);
    expect(run?.frames).toBe(0);
    expect(run?.findings.map((f) => f.kind)).toEqual(['capture-skipped', 'capture-skipped', 'capture-skipped']);
  });

  it.skipIf(!chromiumPresent)('captures a PNG per manifest frame from each demo bundle\'s build, with no findings', async () => {
    const root = join(dir, 'demo-without-frames');
    cpSync(demoArena, root, { recursive: true });
    for (const bundle of ['bundle-01', 'bundle-02', 'bundle-03']) rmSync(join(root, 'bundles', bundle, 'frames'), { recursive: true });
    const result = await importBundles(workspace, [root]);
    expect(result.outcomes.filter((o) => o.status === 'failed')).toEqual([]);
    const runs = listRunSummaries(workspace.db, 'demo-figma-pricing');
    expect(runs.map((r) => [r.frames, r.findings])).toEqual([
      [3, []],
      [3, []],
      [3, []],
    ]);
  }, 120_000);

  it.skipIf(!chromiumPresent)('captures frames for a build without them, flagging the broken route and the blank page', async () => {
    await importBundles(workspace, [join(fixtures, 'capture-faults')]);
    const [run] = listRunSummaries(workspace.db);
    expect(run?.frames).toBe(3);
    const findings = run?.findings.map((f) => [f.nodeId, f.kind]);
    expect(findings).toEqual(expect.arrayContaining([['3:2', 'broken-route'], ['3:3', 'blank-render']]));
    expect(findings?.filter(([nodeId]) => nodeId === '3:1')).toEqual([]);
  }, 90_000);
});

function runJson() {
  return { task_id: 'demo-figma-pricing', harness: 'h', model: 'm', versions: { skill: 'v1' }, started_at: '2025-01-01T00:00:00Z', finished_at: '2025-01-01T01:00:00Z', status: 'succeeded' };
}

describe('a run refused when it is stored', () => {
  it('leaves no blob behind: the refusal says nothing was stored, and nothing is', async () => {
    await importBundles(workspace, [demoArena], { captureMissingFrames: false });
    upsertTask(workspace.db, { id: 'generated-task', project_id: findCurrentProject(workspace.db)!.id, kind: 'programmatic', title: 'A generated task', instruction: '', chapter_id: null, figma_file_key: null, created_at: NOW, updated_at: NOW, synthetic: 1 }, []);
    const bundle = join(dir, 'real-on-generated');
    mkdirSync(join(bundle, 'dist'), { recursive: true });
    writeFileSync(join(bundle, 'dist', 'index.html'), `<p>bytes stored nowhere else ${Math.random()}</p>`);
    writeFileSync(join(bundle, 'run.json'), JSON.stringify({ ...runJson(), task_id: 'generated-task' }));
    const blobFiles = () => readdirSync(workspace.blobs.root, { recursive: true }).filter((name) => String(name).length > 2).sort();
    const before = { rows: countBlobs(workspace.db), files: blobFiles() };

    const result = await importBundles(workspace, [bundle], { captureMissingFrames: false });
    expect(result.outcomes).toEqual([expect.objectContaining({ status: 'failed', reason: expect.stringMatching(/synthetic demo task.*Nothing was stored/) })]);
    expect({ rows: countBlobs(workspace.db), files: blobFiles() }).toEqual(before);
  });
});
