import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobEvent, Job } from '../../schemas/jobs.ts';
import { openWorkspace, type Workspace } from '../workspace/open-workspace.ts';
import { JobNotFoundError, JobRunner, type JobProgress } from './job-runner.ts';

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Work that runs until its job is cancelled, then rejects as well-behaved work does. */
function untilAborted(progress: JobProgress): Promise<string> {
  return new Promise<string>((_resolve, reject) => {
    progress.signal.addEventListener('abort', () => reject(progress.signal.reason as Error));
  });
}

let dir: string;
const workspaces: Workspace[] = [];
const runners: JobRunner[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-job-runner-'));
});

afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.shutdown();
  for (const workspace of workspaces.splice(0)) workspace.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A runner over a (new or reopened) workspace in this test's folder, like a fresh process would make. */
function openRunner(): { runner: JobRunner; events: JobEvent[]; workspace: Workspace } {
  const workspace = openWorkspace(join(dir, 'workspace'));
  workspaces.push(workspace);
  const runner = new JobRunner(workspace.db);
  runners.push(runner);
  const events: JobEvent[] = [];
  runner.onEvent((event) => events.push(event));
  return { runner, events, workspace };
}

function find(runner: JobRunner, id: string): Job | undefined {
  return runner.list(500).find((job) => job.id === id);
}

describe('JobRunner', () => {
  it('persists a started job, visible to list() while it runs and after it ends, and emits events', async () => {
    const { runner, events } = openRunner();
    const gate = deferred<string>();
    const job = runner.start('test.kind', 'A test job', () => gate.promise);

    expect(job.state).toBe('running');
    expect(find(runner, job.id)).toMatchObject({ id: job.id, kind: 'test.kind', title: 'A test job', state: 'running' });
    expect(events).toEqual([{ type: 'job', job: expect.objectContaining({ id: job.id, state: 'running' }) }]);

    gate.resolve('All done: 3 things checked.');
    await runner.idle();

    expect(find(runner, job.id)).toMatchObject({ state: 'succeeded', message: 'All done: 3 things checked.' });
    expect(events.at(-1)?.job).toMatchObject({ id: job.id, state: 'succeeded', message: 'All done: 3 things checked.' });
  });

  it('records progress reports as done/total and message, in the store and in events', async () => {
    const { runner, events } = openRunner();
    const reported = deferred<void>();
    const gate = deferred<string>();
    const job = runner.start('test.progress', 'Progress', async (progress) => {
      progress.report(3, 10, 'Three of ten');
      reported.resolve();
      return gate.promise;
    });
    await reported.promise;

    expect(find(runner, job.id)).toMatchObject({ state: 'running', done: 3, total: 10, message: 'Three of ten' });
    expect(events.at(-1)?.job).toMatchObject({ done: 3, total: 10, message: 'Three of ten' });

    gate.resolve('Finished');
    await runner.idle();
    expect(find(runner, job.id)).toMatchObject({ state: 'succeeded', done: 10, total: 10, message: 'Finished' });
  });

  it("ends a job whose work throws as 'failed' with the error's message", async () => {
    const { runner, events } = openRunner();
    const job = runner.start('test.fail', 'Failing', async () => {
      throw new Error('The disk is full; free some space and retry.');
    });
    await runner.idle();

    expect(find(runner, job.id)).toMatchObject({ state: 'failed', message: 'The disk is full; free some space and retry.' });
    expect(events.at(-1)?.job).toMatchObject({ id: job.id, state: 'failed', message: 'The disk is full; free some space and retry.' });
  });

  it("cancel() aborts the job's signal and the job ends 'cancelled'", async () => {
    const { runner, events } = openRunner();
    let signal: AbortSignal | undefined;
    const started = deferred<void>();
    const job = runner.start('test.cancel', 'Cancellable', (progress: JobProgress) => {
      signal = progress.signal;
      started.resolve();
      return untilAborted(progress);
    });
    await started.promise;
    expect(signal?.aborted).toBe(false);

    const returned = runner.cancel(job.id);
    expect(returned.id).toBe(job.id);
    expect(signal?.aborted).toBe(true);

    await runner.idle();
    const ended = find(runner, job.id);
    expect(ended?.state).toBe('cancelled');
    expect(ended?.message).toMatch(/^Cancelled/);
    expect(events.at(-1)?.job.state).toBe('cancelled');
  });

  it("ends 'cancelled' even when the work ignores the signal and returns normally", async () => {
    const { runner } = openRunner();
    const gate = deferred<string>();
    const job = runner.start('test.cancel', 'Stubborn', () => gate.promise);
    runner.cancel(job.id);
    gate.resolve('Finished anyway');
    await runner.idle();
    expect(find(runner, job.id)?.state).toBe('cancelled');
  });

  it('cancel() of a finished job returns it unchanged', async () => {
    const { runner } = openRunner();
    const job = runner.start('test.done', 'Quick', async () => 'Done');
    await runner.idle();
    expect(runner.cancel(job.id)).toMatchObject({ id: job.id, state: 'succeeded', message: 'Done' });
    expect(find(runner, job.id)?.state).toBe('succeeded');
  });

  it('cancel() of an unknown id throws JobNotFoundError', () => {
    const { runner } = openRunner();
    expect(() => runner.cancel('no-such-job')).toThrow(JobNotFoundError);
    expect(() => runner.cancel('no-such-job')).toThrow(/no-such-job/);
  });

  it('keeps running a job and notifying other listeners when one listener throws', async () => {
    const { runner, events } = openRunner();
    let thrown = 0;
    runner.onEvent(() => {
      thrown++;
      throw new Error('listener is broken');
    });
    const job = runner.start('test.listener', 'With a broken listener', async (progress) => {
      progress.report(1, 2);
      return 'Survived';
    });
    await runner.idle();

    expect(thrown).toBeGreaterThanOrEqual(2);
    expect(find(runner, job.id)).toMatchObject({ state: 'succeeded', message: 'Survived' });
    expect(events.at(-1)?.job).toMatchObject({ id: job.id, state: 'succeeded' });
  });

  it('stops sending events to a listener after it unsubscribes', async () => {
    const { runner } = openRunner();
    const seen: JobEvent[] = [];
    const unsubscribe = runner.onEvent((event) => seen.push(event));
    runner.start('test.a', 'A', async () => 'A');
    await runner.idle();
    const before = seen.length;
    expect(before).toBeGreaterThan(0);

    unsubscribe();
    runner.start('test.b', 'B', async () => 'B');
    await runner.idle();
    expect(seen.length).toBe(before);
  });

  it('shutdown() cancels running jobs and waits for them to settle', async () => {
    const { runner } = openRunner();
    const job = runner.start('test.hang', 'Until aborted', (progress) => untilAborted(progress));
    await runner.shutdown();
    expect(find(runner, job.id)?.state).toBe('cancelled');
  });

  it('shutdown() gives up on work that ignores its signal, records it cancelled and drops its late progress', async () => {
    const { runner } = openRunner();
    const stray = deferred<string>();
    let late: JobProgress | undefined;
    const job = runner.start('test.stubborn', 'Ignores cancel', (progress) => {
      late = progress;
      return stray.promise;
    });
    await runner.shutdown(50);
    const recorded = find(runner, job.id);
    expect(recorded?.state).toBe('cancelled');
    expect(recorded?.message).toContain('Stopped when the app closed');
    late?.report(5, 10, 'still going');
    stray.resolve('done anyway');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(find(runner, job.id)).toMatchObject({ state: 'cancelled', done: 0 });
  });
});
