import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createApi, type Api } from '../../api/create-api.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { importTestTask } from './study-engine.fixture.ts';

let dir: string;
let api: Api;
let taskFolder: string;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-artifacts-not-imported-'));
  api = createApi(openWorkspace(join(dir, 'ws')));
  taskFolder = await importTestTask(api.context.workspace, dir);
});

afterEach(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

// An agent whose build links out of its folder: the engine does not import out/, and says why on the run.
const LINK_OUT = 'mkdir -p out/dist && echo page > out/dist/index.html && ln -s /etc/hostname out/dist/secret.txt';

it('a run whose out/ was not imported says why on the run, not only in a file of its folder', async () => {
  const { studyId } = await api.call('runs.start', { tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'scripted', command: LINK_OUT }], taskFolders: { 'engine-task': taskFolder } });
  await api.context.jobs.idle();
  const { runs } = await api.call('runs.study', { studyId });
  expect(runs[0]!.status).toBe('succeeded');
  // The Runs screen lists the store's runs with their findings: this one's says why it has no artifacts.
  const { runs: stored } = await api.call('runs.list', { taskId: 'engine-task' });
  expect(stored.find((candidate) => candidate.id === runs[0]!.runId)!.findings).toEqual([
    { nodeId: '', kind: 'artifacts-not-imported', detail: 'out/ holds symbolic links (dist/secret.txt); its artifacts were not imported, as a bundle with links is not.' },
  ]);
  const { run } = await api.call('runs.show', { runId: runs[0]!.runId! });
  expect(run.artifacts).toEqual([]);
  expect(run.artifactsNotImported).toBe('out/ holds symbolic links (dist/secret.txt); its artifacts were not imported, as a bundle with links is not.');
}, 60_000);
