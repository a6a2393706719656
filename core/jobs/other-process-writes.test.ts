import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AppEvent } from '../../schemas/jobs.ts';
import { openWorkspace, type Workspace } from '../workspace/open-workspace.ts';
import { JobRunner, type JobProgress } from './job-runner.ts';

let dir: string;
const workspaces: Workspace[] = [];
const runners: JobRunner[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-other-writes-'));
});

afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.shutdown();
  for (const workspace of workspaces.splice(0)) workspace.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A runner on its own connection to this test's workspace, as another process (an `lhb` command) holds one. */
function connection(): JobRunner {
  const workspace = openWorkspace(join(dir, 'workspace'));
  workspaces.push(workspace);
  const runner = new JobRunner(workspace.db, () => new Date(), { otherProcessPollMs: 20 });
  runners.push(runner);
  return runner;
}

async function until(events: AppEvent[], test: (event: AppEvent) => boolean): Promise<AppEvent> {
  for (let i = 0; i < 250; i++) {
    const found = events.find(test);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`No such event; saw ${JSON.stringify(events)}`);
}

it('tells listeners of jobs another connection starts and moves, then that the store changed', async () => {
  const app = connection();
  const events: AppEvent[] = [];
  app.onAppEvent((event) => events.push(event));
  const terminal = connection();

  let step!: (value: void) => void;
  const job = terminal.start('runs.study', 'Study: from a terminal', async (progress: JobProgress) => {
    progress.report(1, 3, 'one run done');
    await new Promise((resolve) => (step = resolve));
    return 'All 3 runs done.';
  });

  const started = await until(events, (event) => event.type === 'job' && event.job.id === job.id);
  expect(started).toMatchObject({ type: 'job', job: { kind: 'runs.study', state: 'running' } });
  expect(events.some((event) => event.type === 'store-changed')).toBe(true);

  step();
  await terminal.idle();
  await until(events, (event) => event.type === 'job' && event.job.id === job.id && event.job.state === 'succeeded');
});

it('stays quiet about its own writes, which it already announced', async () => {
  const app = connection();
  const events: AppEvent[] = [];
  app.onAppEvent((event) => events.push(event));
  const job = app.start('verify', 'Check', () => Promise.resolve('fine'));
  await app.idle();
  await new Promise((resolve) => setTimeout(resolve, 120));
  expect(events.filter((event) => event.type === 'store-changed')).toEqual([]);
  expect(events.filter((event) => event.type === 'job').map((event) => event.type === 'job' && event.job.state)).toEqual(['running', 'succeeded']);
  expect(job.id).toEqual(expect.any(String));
});
