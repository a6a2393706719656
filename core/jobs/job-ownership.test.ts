import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../../schemas/jobs.ts';
import { packageRoot } from '../app-paths.ts';
import { failOrphanedJob, insertJob, listUnfinishedJobs } from '../store/job-repository.ts';
import { openDatabase } from '../store/open-database.ts';
import { OWNED_JOB_MESSAGE, OWNED_JOB_TITLE } from './job-owner.fixture.ts';
import { JobRunner } from './job-runner.ts';
import { processStart, thisProcess } from './process-identity.ts';

// Acceptance (issue 9): a second process opening the workspace (an `lhb` command while the app
// runs) must not fail the app's running jobs; a job whose process is gone must be failed, saying
// what happened and what to do.

const FIXTURE = fileURLToPath(new URL('./job-owner.fixture.ts', import.meta.url));

let dir: string;
let dbPath: string;
const children: ChildProcessWithoutNullStreams[] = [];
const databases: Database[] = [];
const runners: JobRunner[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-job-owner-'));
  dbPath = join(dir, 'lhb.sqlite');
});

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const runner of runners.splice(0)) await runner.shutdown();
  for (const db of databases.splice(0)) db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The app, in another process: starts its job and resolves once the job runs. */
async function startOwner(heartbeatMs?: number): Promise<{ child: ChildProcessWithoutNullStreams; jobId: string; next: (line: string) => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dbPath, ...(heartbeatMs === undefined ? [] : [String(heartbeatMs)])], { cwd: packageRoot });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const next = (pattern: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (out.includes(pattern)) {
          clearInterval(timer);
          resolve();
        } else if (child.exitCode !== null) {
          clearInterval(timer);
          reject(new Error(`The owner exited (${child.exitCode}) before printing "${pattern}".\nstdout: ${out}\nstderr: ${err}`));
        }
      }, 10);
    });
  await next('started ');
  const jobId = /started (\S+)/.exec(out)![1]!;
  return { child, jobId, next };
}

function openSecondProcess(): { db: Database; runner: JobRunner } {
  const { db } = openDatabase(dbPath);
  databases.push(db);
  const runner = new JobRunner(db);
  runners.push(runner);
  return { db, runner };
}

const find = (runner: JobRunner, id: string): Job | undefined => runner.list(500).find((job) => job.id === id);

function killed(child: ChildProcessWithoutNullStreams): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  return exited;
}

describe('job ownership across processes', () => {
  it('a second process opening the workspace leaves the running job of the first alone, and the first still finishes it', async () => {
    const owner = await startOwner();
    const second = openSecondProcess();

    expect(find(second.runner, owner.jobId)).toMatchObject({ title: OWNED_JOB_TITLE, state: 'running', done: 1, total: 4 });

    owner.child.stdin.write('finish\n');
    await owner.next('finished');
    expect(find(second.runner, owner.jobId)).toMatchObject({ state: 'succeeded', message: OWNED_JOB_MESSAGE });
  });

  it('fails, on the next open, a job whose process was killed, saying what happened and what to do', async () => {
    const owner = await startOwner();
    const pid = owner.child.pid!;
    await killed(owner.child);

    const { runner } = openSecondProcess();
    const job = find(runner, owner.jobId);
    expect(job?.state).toBe('failed');
    expect(job?.message).toBe(
      `Interrupted: the process that ran it (pid ${pid} on ${thisProcess().host}) has ended, so this job stopped, at 1 of 4. ` +
        'What it finished before then is kept; start it again to do the rest.',
    );
  });

  it('an open app fails a job of another process killed after the app opened, when it lists jobs', async () => {
    const app = openSecondProcess();
    const events: Job[] = [];
    app.runner.onEvent((event) => events.push(event.job));
    const owner = await startOwner();
    expect(find(app.runner, owner.jobId)?.state).toBe('running');

    await killed(owner.child);
    expect(find(app.runner, owner.jobId)).toMatchObject({ state: 'failed', message: expect.stringMatching(/^Interrupted: .* has ended/) });
    expect(events.at(-1)).toMatchObject({ id: owner.jobId, state: 'failed' });
  });

  it('the owner refreshes the heartbeat of its running job', async () => {
    const owner = await startOwner(20);
    const { db } = openSecondProcess();
    const heartbeat = () => listUnfinishedJobs(db).find((row) => row.job.id === owner.jobId)?.owner?.heartbeatAt ?? '';
    const first = heartbeat();
    expect(first).not.toBe('');
    // A 20 ms heartbeat, but the owner is another process that a loaded machine can starve for seconds.
    await expect.poll(heartbeat, { timeout: 30_000 }).not.toBe(first);
    expect(Date.parse(heartbeat())).toBeGreaterThan(Date.parse(first));
  });
});

describe('jobs whose owner cannot be asked', () => {
  const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
  const row = (id: string, msAgo = 0): Job => ({ id, kind: 'test', title: id, state: 'running', done: 2, total: 5, message: 'Working', createdAt: at(msAgo), updatedAt: at(msAgo) });

  it('fails a job written before jobs had owners, as interrupted', () => {
    const { db } = openDatabase(dbPath);
    databases.push(db);
    insertJob(db, row('ownerless'));
    const { runner } = openSecondProcess();
    expect(find(runner, 'ownerless')).toMatchObject({ state: 'failed', message: expect.stringMatching(/^Interrupted: the app stopped while it was running .*start it again/) });
  });

  it('keeps a job of another machine while its heartbeat is fresh, and fails it once the heartbeat is over a minute old', () => {
    const { db } = openDatabase(dbPath);
    databases.push(db);
    const elsewhere = { pid: 4242, instance: 'other-machine', host: 'another-host.example', space: null, start: null };
    insertJob(db, row('fresh'), { ...elsewhere, heartbeatAt: at(10_000) });
    insertJob(db, row('silent'), { ...elsewhere, heartbeatAt: at(2 * 60_000 + 5_000) });
    const { runner } = openSecondProcess();
    expect(find(runner, 'fresh')?.state).toBe('running');
    expect(find(runner, 'silent')).toMatchObject({
      state: 'failed',
      message: 'Interrupted: the process that ran it (pid 4242 on another-host.example) has not reported for 2 minutes, so this job stopped, at 2 of 5. What it finished before then is kept; start it again to do the rest.',
    });
  });

  it.runIf(processStart(process.pid) !== null)('fails a job whose pid now belongs to another program (same pid, another start time)', () => {
    const { db } = openDatabase(dbPath);
    databases.push(db);
    const self = thisProcess();
    // This test process is alive, so the pid exists; the recorded start is not its start.
    insertJob(db, row('reused'), { ...self, instance: 'an-earlier-process', start: `${Number(self.start) - 1}`, heartbeatAt: at(0) });
    const { runner } = openSecondProcess();
    expect(find(runner, 'reused')).toMatchObject({ state: 'failed', message: expect.stringMatching(/its pid now belongs to another program/) });
  });

  it('the owner stops a job that another process marked interrupted, and leaves it failed', async () => {
    const { runner, db } = openSecondProcess();
    let signal: AbortSignal | undefined;
    let report: ((done: number) => void) | undefined;
    const job = runner.start('test.taken', 'Taken away', (progress) => {
      signal = progress.signal;
      report = (done) => progress.report(done, 10, `${done} of 10`);
      return new Promise<string>((resolve) => progress.signal.addEventListener('abort', () => resolve('stopped')));
    });
    failOrphanedJob(db, job.id, thisProcess().instance, 'Interrupted: judged gone by another process.', new Date().toISOString());
    await new Promise((resolve) => setTimeout(resolve, 150));
    report?.(5);
    expect(signal?.aborted).toBe(true);
    await runner.idle();
    expect(find(runner, job.id)).toMatchObject({ state: 'failed', done: 0, message: 'Interrupted: judged gone by another process.' });
  });
});
