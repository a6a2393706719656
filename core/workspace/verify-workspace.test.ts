import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../../schemas/jobs.ts';
import { JobRunner } from '../jobs/job-runner.ts';
import { countBlobs, listBlobIds, recordBlob } from '../store/blob-repository.ts';
import { findJob } from '../store/job-repository.ts';
import { openWorkspace, type Workspace } from './open-workspace.ts';
import { verifyWorkspace } from './verify-workspace.ts';

let dir: string;
let workspace: Workspace;
let runner: JobRunner;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-verify-'));
  workspace = openWorkspace(join(dir, 'workspace'));
  // One stored file, as an import would leave it.
  const stored = workspace.blobs.put(Buffer.from('# A source\n\nSome text.\n'));
  recordBlob(workspace.db, stored.sha256, stored.sizeBytes, new Date().toISOString());
  runner = new JobRunner(workspace.db);
});

afterEach(async () => {
  await runner.shutdown();
  workspace.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs a verify job to the end and returns it as stored. */
async function runVerify(): Promise<Job> {
  const started = runner.start('workspace.verify', 'Verify workspace', (progress) => verifyWorkspace(workspace, progress));
  await runner.idle();
  const job = findJob(workspace.db, started.id);
  if (!job) throw new Error(`job ${started.id} was not stored`);
  return job;
}

describe('verifyWorkspace as a job', () => {
  it('succeeds on a healthy workspace with a message saying what was checked', async () => {
    expect(countBlobs(workspace.db)).toBe(1);
    const job = await runVerify();
    expect(job.state).toBe('succeeded');
    expect(job.message).toBe('Workspace is healthy: database intact, 1 stored file verified.');
    expect(job.total).toBe(2); // the database check plus one file
    expect(job.done).toBe(job.total);
  });

  it('fails once a stored file is changed on disk, counting the changed files', async () => {
    expect((await runVerify()).state).toBe('succeeded');

    const [sha256] = listBlobIds(workspace.db);
    if (!sha256) throw new Error('the demo workspace has no blob');
    writeFileSync(workspace.blobs.pathFor(sha256), 'someone edited this file by hand');

    const job = await runVerify();
    expect(job.state).toBe('failed');
    expect(job.message).toMatch(/^1 of 1 stored files are missing or changed/);
    expect(job.message).toContain(sha256.slice(0, 12));
    expect(job.message).toContain(workspace.blobs.root);
  });

  it('names a stored file cut short (as a full disk leaves one) with its size, and is clean once it is stored whole again', async () => {
    const whole = Buffer.from('A source long enough to be cut short by a full disk.\n'.repeat(100));
    const { sha256, sizeBytes } = workspace.blobs.put(whole);
    recordBlob(workspace.db, sha256, sizeBytes, new Date().toISOString());
    writeFileSync(workspace.blobs.pathFor(sha256), whole.subarray(0, 1000));

    const job = await runVerify();
    expect(job.state).toBe('failed');
    expect(job.message).toMatch(/^1 of 2 stored files are missing or changed/);
    expect(job.message).toContain(`${sha256.slice(0, 12)} cut short: 1000 of ${sizeBytes} bytes`);

    expect(workspace.blobs.put(whole).written).toBe(true);
    expect((await runVerify()).state).toBe('succeeded');
  });

  it('fails when a stored file was deleted', async () => {
    const [sha256] = listBlobIds(workspace.db);
    if (!sha256) throw new Error('the demo workspace has no blob');
    rmSync(workspace.blobs.pathFor(sha256));
    const job = await runVerify();
    expect(job.state).toBe('failed');
    expect(job.message).toMatch(/^1 of 1 stored files are missing or changed/);
  });

  it('ends in state cancelled, before checking every file, when cancelled right after start', async () => {
    const now = new Date().toISOString();
    for (let i = 0; i < 200; i += 1) {
      const { sha256, sizeBytes } = workspace.blobs.put(new TextEncoder().encode(`blob ${i}`));
      recordBlob(workspace.db, sha256, sizeBytes, now);
    }
    expect(countBlobs(workspace.db)).toBe(201);

    const started = runner.start('workspace.verify', 'Verify workspace', (progress) => verifyWorkspace(workspace, progress));
    runner.cancel(started.id);
    await runner.idle();

    const job = findJob(workspace.db, started.id);
    expect(job?.state).toBe('cancelled');
    expect(job?.message).toMatch(/^Cancelled/);
    expect(job?.total).toBe(202);
    expect(job?.done).toBeLessThan(job?.total ?? 0); // it stopped early instead of checking all 201 files
  });
});
