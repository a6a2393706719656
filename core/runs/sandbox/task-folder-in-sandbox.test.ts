import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../../api/create-api.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { shellQuote } from '../../shell-quote.ts';
import { importTestTask } from '../study/study-engine.fixture.ts';

let dir: string;
let api: Api;
let taskFolder: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-task-folder-'));
  api = createApi(openWorkspace(join(dir, 'ws')));
  taskFolder = await importTestTask(api.context.workspace, dir);
});

afterAll(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the task folder inside a run sandbox', () => {
  it('is there at its own path, readable, and nothing in it can be changed or added', { timeout: 60_000 }, async () => {
    const task = shellQuote(taskFolder);
    // What the agent reads of its task folder, and what it gets back when it tries to change it.
    const agent = [
      'mkdir -p out',
      `cat ${task}/task.json > out/task-seen.txt 2>&1`,
      `(echo forged > ${task}/inputs/data.csv) 2> out/overwrite.txt`,
      `(echo new > ${task}/planted.txt) 2> out/add.txt`,
      `rm -f ${task}/task.json 2> out/remove.txt`,
      'true',
    ].join('; ');
    const { studyId } = await api.call('runs.start', { tasks: ['engine-task'], taskFolders: { 'engine-task': taskFolder }, configurations: [{ harness: 'command', model: 'reader', command: agent }] });
    await api.context.jobs.idle();
    const run = (await api.call('runs.study', { studyId })).runs[0]!;
    expect(run.status, run.errorMessage ?? '').toBe('succeeded');
    const out = join(dir, 'ws', 'studies', studyId, 'runs', run.id, 'work', 'out');
    const said = (name: string) => readFileSync(join(out, name), 'utf8');
    expect(said('task-seen.txt')).toContain('"id":"engine-task"');
    for (const name of ['overwrite.txt', 'add.txt', 'remove.txt']) expect(said(name), name).toMatch(/Read-only file system/);
    // And outside, the folder is as it was.
    expect(readFileSync(join(taskFolder, 'inputs', 'data.csv'), 'utf8')).toBe('year,value\n2024,1\n2025,2\n');
    expect(readFileSync(join(taskFolder, 'task.json'), 'utf8')).toContain('engine-task');
    expect(() => readFileSync(join(taskFolder, 'planted.txt'))).toThrow(/ENOENT/);
  });
});
