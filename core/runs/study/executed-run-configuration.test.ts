import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createApi, type Api } from '../../api/create-api.ts';
import { findRun } from '../../store/run-repository.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { configIdOf } from '../run-configuration.ts';
import { importTestTask } from './study-engine.fixture.ts';

let dir: string;
let api: Api;
let taskFolder: string;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-executed-config-'));
  api = createApi(openWorkspace(join(dir, 'ws')));
  taskFolder = await importTestTask(api.context.workspace, dir);
});

afterEach(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

// A command that says which version it is (as a wrapper script might) and builds a page.
const BUILD = `echo '{"type":"session","model":"scripted","harnessVersion":"9.9.1"}' && mkdir -p out/dist && echo page > out/dist/index.html`;

it('a run executed here records its harness version on the run, outside its configuration', async () => {
  const { studyId } = await api.call('runs.start', { tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'scripted', command: BUILD }, { harness: 'command', model: 'other', command: 'true' }], taskFolders: { 'engine-task': taskFolder } });
  await api.context.jobs.idle();
  const { runs: studyRuns } = await api.call('runs.study', { studyId });
  expect(studyRuns.map((run) => run.status)).toEqual(['succeeded', 'succeeded']);
  const [withPage, bare] = studyRuns.map((run) => run.runId!);

  const { runs } = await api.call('runs.list', { taskId: 'engine-task' });
  // Imported through its out/ bundle, and stored bare: both carry what the transcript said, or nothing.
  expect(runs.find((run) => run.id === withPage)).toMatchObject({ harness: 'command', harnessVersion: '9.9.1', versions: { skill: 'none' } });
  expect(runs.find((run) => run.id === bare)).toMatchObject({ harness: 'command', harnessVersion: null, versions: { skill: 'none' } });
  expect(findRun(api.context.workspace.db, withPage!)!.config_id).toBe(configIdOf('command', 'scripted', { skill: 'none' }));
  const { run } = await api.call('runs.show', { runId: withPage! });
  expect(run.harnessVersion).toBe('9.9.1');
}, 60_000);
