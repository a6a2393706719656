import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApi } from '../../api/open-api.ts';
import { demoDatasetDir } from '../../app-paths.ts';
import { importFolder } from '../../import/import-folder.fixture.ts';
import { countBlobs } from '../../store/blob-repository.ts';
import { openWorkspace, type Workspace } from '../../workspace/open-workspace.ts';
import { importBundles } from './import-bundles.ts';

// Issue 34: `lhb runs import` stored a 20,000,000-character model name and NUL/RTL characters
// from a run.json, after which the workspace's own export was refused on import. A run file
// (run.json, task.json) is held to the rule every import holds text to (schemas/imported-text.ts):
// refused, naming the file, the field and the limit, and nothing of it is stored.

const demoArena = join(demoDatasetDir, 'arena');
const RLO = '\u202e';

let dir: string;
let workspace: Workspace;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-hostile-names-'));
  workspace = openWorkspace(join(dir, 'ws'));
  // The demo's tasks, so a bundle's task_id names a task here.
  const tasks = await importBundles(workspace, [join(demoArena, 'tasks')], { captureMissingFrames: false });
  expect(tasks.outcomes.every((outcome) => outcome.status === 'imported'), JSON.stringify(tasks.outcomes)).toBe(true);
}, 120_000);

afterAll(() => {
  if (workspace.db.open) workspace.close();
  rmSync(dir, { recursive: true, force: true });
});

const runCount = () => (workspace.db.prepare('SELECT count(*) AS n FROM runs').get() as { n: number }).n;

/** A copy of a demo bundle whose run.json has `edit` applied. */
function bundleWith(name: string, edit: (run: Record<string, unknown>) => void): string {
  const bundle = join(dir, name);
  cpSync(join(demoArena, 'bundles', 'bundle-01'), bundle, { recursive: true });
  const run = JSON.parse(readFileSync(join(bundle, 'run.json'), 'utf8')) as Record<string, unknown>;
  edit(run);
  writeFileSync(join(bundle, 'run.json'), JSON.stringify(run));
  return bundle;
}

/** Imports `folder`, expecting it refused with nothing stored; answers the reason. */
async function refusedReason(folder: string): Promise<string> {
  const runs = runCount();
  const blobs = countBlobs(workspace.db);
  const result = await importBundles(workspace, [folder], { captureMissingFrames: false });
  const [outcome] = result.outcomes;
  expect(outcome?.status, JSON.stringify(outcome)).toBe('failed');
  expect(runCount()).toBe(runs);
  expect(countBlobs(workspace.db)).toBe(blobs);
  return outcome?.status === 'failed' ? outcome.reason : '';
}

describe('a run.json with a hostile model name', () => {
  it('a model name of 20,000,000 characters is refused, naming run.json, the field and the limit', async () => {
    const bundle = bundleWith('huge-model', (run) => (run.model = 'm'.repeat(20_000_000)));
    const reason = await refusedReason(bundle);
    expect(reason).toContain(join(bundle, 'run.json'));
    expect(reason).toContain('model: is 20000000 characters long; the app takes at most 200');
    expect(reason.length, 'the refusal does not echo the name').toBeLessThan(2000);
  }, 120_000);

  it('a model name holding NUL is refused', async () => {
    const bundle = bundleWith('nul-model', (run) => (run.model = 'gpt-5\u0000codex'));
    expect(await refusedReason(bundle)).toContain('model: holds a control character (U+0000); names never do');
  });

  it('a model name and a version holding a right-to-left override are refused', async () => {
    const model = bundleWith('rlo-model', (run) => (run.model = `gpt-5${RLO}xedoc`));
    expect(await refusedReason(model)).toContain('model: holds a bidirectional control character (U+202E)');
    const version = bundleWith('rlo-version', (run) => (run.versions = { skill: `v1${RLO}` }));
    expect(await refusedReason(version)).toContain('versions.skill: holds a bidirectional control character (U+202E)');
  });

  it('a task_id holding an isolate is refused', async () => {
    const bundle = bundleWith('isolate-task', (run) => (run.task_id = `demo-figma-pricing\u2066`));
    expect(await refusedReason(bundle)).toContain('task_id: holds a bidirectional control character (U+2066)');
  });

  it('a model name of 200 plain characters, the most an export carries, is imported', async () => {
    const bundle = bundleWith('longest-model', (run) => (run.model = `${'m'.repeat(199)}é`));
    const result = await importBundles(workspace, [bundle], { captureMissingFrames: false });
    expect(result.outcomes[0]).toMatchObject({ status: 'imported' });
  });
});

describe('a task.json with a hostile title', () => {
  it('a title holding a line break or an override is refused; an instruction may span lines but holds no NUL', async () => {
    const task = (name: string, edit: (file: Record<string, unknown>) => void) => {
      const folder = join(dir, name);
      cpSync(join(demoArena, 'tasks', 'chapter-trend'), folder, { recursive: true });
      const file = { ...(JSON.parse(readFileSync(join(folder, 'task.json'), 'utf8')) as Record<string, unknown>), id: `${name}-task` };
      edit(file);
      writeFileSync(join(folder, 'task.json'), JSON.stringify(file));
      return folder;
    };
    const taskCount = () => (workspace.db.prepare('SELECT count(*) AS n FROM tasks').get() as { n: number }).n;
    const before = taskCount();
    const refuse = async (folder: string) => {
      const result = await importBundles(workspace, [folder], { captureMissingFrames: false });
      expect(result.outcomes[0]?.status, JSON.stringify(result.outcomes[0])).toBe('failed');
      return result.outcomes[0]?.status === 'failed' ? result.outcomes[0].reason : '';
    };
    expect(await refuse(task('title-newline', (file) => (file.title = 'Trend\nchart')))).toContain('title: holds a control character (U+000A); names never do');
    expect(await refuse(task('title-rlo', (file) => (file.title = `Trend${RLO}`)))).toContain('title: holds a bidirectional control character (U+202E)');
    expect(await refuse(task('instruction-nul', (file) => (file.instruction = 'Build\u0000it')))).toContain('instruction: holds a control character (U+0000); text holds none but tab and line breaks');
    expect(taskCount()).toBe(before);
  });
});

describe("the workspace's own export", () => {
  it('imports into a new workspace after the refusals above: every run and task it stored is one an import accepts', async () => {
    // Runs after the tests above: the workspace holds the demo's tasks and a run with a 200-character model name (and,
    // opened through the API, the demo's records).
    expect(runCount()).toBeGreaterThan(0);
    workspace.close();
    const api = await openApi(join(dir, 'ws'));
    const runs = (api.context.workspace.db.prepare('SELECT count(*) AS n FROM runs').get() as { n: number }).n;
    const fresh = await openApi(join(dir, 'fresh'), { emptyProject: { name: 'Fresh' } });
    try {
      await api.call('export.hf', { outDir: join(dir, 'export'), includeSynthetic: true, format: 'jsonl' });
      await api.context.jobs.idle();
      const imported = await importFolder(fresh, join(dir, 'export'));
      expect(imported.state, imported.message).toBe('succeeded');
      expect((fresh.context.workspace.db.prepare('SELECT count(*) AS n FROM runs').get() as { n: number }).n).toBe(runs);
      const models = (api: typeof fresh) => api.context.workspace.db.prepare('SELECT model FROM runs ORDER BY id').all();
      expect(models(fresh)).toEqual(models(api));
    } finally {
      await api.close();
      await fresh.close();
    }
  }, 240_000);
});
