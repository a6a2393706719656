import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../schemas/jobs.ts';
import { JobRunner, type JobEnd, type JobProgress } from '../jobs/job-runner.ts';
import { openWorkspace, type Workspace } from '../workspace/open-workspace.ts';
import { followJob } from './follow-job.ts';
import { StatusLine } from './status-line.ts';

let dir: string;
let workspace: Workspace;
let runner: JobRunner;
let stderr: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-follow-job-'));
  workspace = openWorkspace(dir);
  runner = new JobRunner(workspace.db);
  stderr = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (stderr.push(String(chunk)), true));
});

afterEach(async () => {
  vi.restoreAllMocks();
  await runner.shutdown();
  workspace.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Work that reports once, then runs until cancelled and ends saying what it kept. */
function untilCancelled(progress: JobProgress): Promise<JobEnd> {
  progress.report(1, 4, 'Did 1 of 4');
  return new Promise((resolve) => progress.signal.addEventListener('abort', () => resolve({ message: 'Cancelled after 1 of 4; it is kept.', done: 1, total: 4 })));
}

const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('followJob', () => {
  it('passes on the job events and returns the job as it ended', async () => {
    const job = runner.start('test', 'Count', async (progress) => {
      await nextTurn();
      progress.report(1, 2, 'Half');
      return 'All done';
    });
    const events: string[] = [];
    const ended = await followJob(runner, job.id, { onEvent: (event) => events.push(`${event.state} ${event.message}`) });
    expect(ended).toMatchObject({ id: job.id, state: 'succeeded', message: 'All done' });
    expect(events).toEqual(['running Half', 'succeeded All done']);
  });

  it('returns at once for a job this process does not run', async () => {
    expect(await followJob(runner, 'no-such-job')).toBeUndefined();
  });

  it('leaves Ctrl+C alone unless asked, and removes its handler once the job has ended', async () => {
    const before = process.listenerCount('SIGINT');
    const job = runner.start('test', 'Wait', async () => {
      await nextTurn();
      return 'Done';
    });
    const following = followJob(runner, job.id);
    expect(process.listenerCount('SIGINT')).toBe(before);
    await following;
    const cancellable = runner.start('test', 'Wait', untilCancelled);
    const followed = followJob(runner, cancellable.id, { ctrlC: {} });
    expect(process.listenerCount('SIGINT')).toBe(before + 1);
    process.emit('SIGINT');
    await followed;
    expect(process.listenerCount('SIGINT')).toBe(before);
  });

  it('Ctrl+C cancels the job, saying the notice first; the job ends as its work says', async () => {
    const job = runner.start('test', 'Long', untilCancelled);
    const following = followJob(runner, job.id, { ctrlC: { notice: 'Cancelling: what is done is kept.\n' } });
    await nextTurn();
    process.emit('SIGINT');
    const ended = await following;
    expect(stderr).toContain('Cancelling: what is done is kept.\n');
    expect(ended).toMatchObject({ state: 'cancelled', message: 'Cancelled after 1 of 4; it is kept.', done: 1 });
  });

  it('a second Ctrl+C quits at once (exit 130) only with secondQuits', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    // Work that is slow to stop: it ends a while after its cancel.
    const slow = (progress: JobProgress) => new Promise<string>((resolve) => progress.signal.addEventListener('abort', () => setTimeout(() => resolve('Stopped'), 50)));
    const first = runner.start('test', 'Slow', slow);
    const following = followJob(runner, first.id, { ctrlC: {} });
    process.emit('SIGINT');
    process.emit('SIGINT');
    await following;
    expect(exit).not.toHaveBeenCalled();
    const second = runner.start('test', 'Slow', slow);
    const quitting = followJob(runner, second.id, { ctrlC: { secondQuits: true } });
    process.emit('SIGINT');
    process.emit('SIGINT');
    expect(exit).toHaveBeenCalledWith(130);
    await quitting;
  });

  it('polls while the job runs and once more after it has ended, then clears the status line', async () => {
    let finish!: () => void;
    const job = runner.start('test', 'Poll', () => new Promise<string>((resolve) => (finish = () => resolve('Finished'))));
    const states: (Job['state'] | undefined)[] = [];
    const line = new StatusLine({ live: true });
    const following = followJob(runner, job.id, {
      poll: {
        everyMs: 5,
        tick: async () => {
          states.push(runner.list(10).find((candidate) => candidate.id === job.id)?.state);
          line.show(`ticks ${states.length}`);
        },
      },
      statusLine: line,
    });
    while (states.length < 3) await nextTurn();
    finish();
    await following;
    expect(states.slice(0, 3)).toEqual(['running', 'running', 'running']);
    expect(states.at(-1)).toBe('succeeded');
    expect(stderr.at(-1)).toBe('\r\x1b[2K');
  });
});

describe('StatusLine', () => {
  it('rewrites one line on a terminal, cut to its width when asked, and shows nothing when piped', () => {
    const columns = process.stderr.columns;
    Object.defineProperty(process.stderr, 'columns', { value: 20, configurable: true });
    try {
      new StatusLine({ live: true, fit: true }).show('x'.repeat(50));
      new StatusLine({ live: true }).show('y'.repeat(30));
      new StatusLine({ live: false, fit: true }).show('not shown');
      new StatusLine({ live: false }).clear();
    } finally {
      Object.defineProperty(process.stderr, 'columns', { value: columns, configurable: true });
    }
    expect(stderr).toEqual([`\r\x1b[2K${'x'.repeat(14)}`, `\r\x1b[2K${'y'.repeat(30)}`]);
  });
});
