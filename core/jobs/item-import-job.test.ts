import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openWorkspace, type Workspace } from '../workspace/open-workspace.ts';
import { startItemImportJob, type ItemImportEnds } from './item-import-job.ts';
import { JobResults } from './job-results.ts';
import { JobRunner } from './job-runner.ts';

interface FakeResult {
  outcomes: { name: string; status: 'imported' | 'failed' }[];
}

let dir: string;
let workspace: Workspace;
let runner: JobRunner;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-item-import-job-'));
  workspace = openWorkspace(dir);
  runner = new JobRunner(workspace.db);
});

afterEach(async () => {
  await runner.shutdown();
  workspace.close();
  rmSync(dir, { recursive: true, force: true });
});

function ends(results: JobResults<FakeResult>, cancelledWith: number[] = []): ItemImportEnds<FakeResult> {
  return {
    results,
    finished: (result) => {
      if (!result.outcomes.some((outcome) => outcome.status === 'imported')) throw new Error('Nothing could be imported.');
      return `Imported ${result.outcomes.filter((outcome) => outcome.status === 'imported').length}`;
    },
    cancelled: (result, planned) => {
      cancelledWith.push(planned);
      const kept = result.outcomes.filter((outcome) => outcome.status === 'imported').length;
      return { message: `Cancelled: ${kept} of ${planned} kept.`, done: kept, total: planned };
    },
  };
}

const jobOf = (id: string) => runner.list(10).find((job) => job.id === id);

describe('startItemImportJob', () => {
  it('reports progress per item, ends with the finished message and keeps the result for this process', async () => {
    const results = new JobResults<FakeResult>();
    const seen: string[] = [];
    runner.onEvent((event) => seen.push(`${event.job.done}/${event.job.total} ${event.job.message}`));
    const job = startItemImportJob(runner, 'test.import', 'Import two', async ({ onProgress }) => {
      await Promise.resolve();
      onProgress(1, 2, 'Imported 1 of 2');
      onProgress(2, 2, 'Imported 2 of 2');
      return { outcomes: [{ name: 'a', status: 'imported' }, { name: 'b', status: 'imported' }] };
    }, ends(results));
    await runner.idle();
    expect(jobOf(job.id)).toMatchObject({ kind: 'test.import', state: 'succeeded', message: 'Imported 2' });
    expect(jobOf(job.id)).not.toHaveProperty('failed');
    expect(seen).toContain('1/2 Imported 1 of 2');
    expect(results.get(runner, job.id)?.outcomes).toHaveLength(2);
  });

  it('fails the job when finished() refuses the result, and still keeps the result', async () => {
    const results = new JobResults<FakeResult>();
    const job = startItemImportJob(runner, 'test.import', 'Import one', async () => ({ outcomes: [{ name: 'a', status: 'failed' }] }), ends(results));
    await runner.idle();
    expect(jobOf(job.id)).toMatchObject({ state: 'failed', message: 'Nothing could be imported.' });
    expect(results.get(runner, job.id)).toEqual({ outcomes: [{ name: 'a', status: 'failed' }] });
  });

  it('a cancelled import ends as cancelled() says, planning the items counted plus the outcomes met outside them', async () => {
    const results = new JobResults<FakeResult>();
    const planned: number[] = [];
    let id = '';
    const job = startItemImportJob(runner, 'test.import', 'Import five', async ({ signal, onProgress }) => {
      await Promise.resolve();
      onProgress(2, 5, 'Imported 2 of 5');
      runner.cancel(id);
      expect(signal.aborted).toBe(true);
      // Two items done, and two paths that could not be read (outcomes, but not among the five counted).
      return { outcomes: [{ name: 'a', status: 'imported' }, { name: 'b', status: 'imported' }, { name: 'x', status: 'failed' }, { name: 'y', status: 'failed' }] };
    }, ends(results, planned));
    id = job.id;
    await runner.idle();
    expect(planned).toEqual([7]);
    expect(jobOf(job.id)).toMatchObject({ state: 'cancelled', message: 'Cancelled: 2 of 7 kept.', done: 2, total: 7, failed: 2 });
  });

  it('keeps how many items failed with a job that succeeded for the rest, so a screen tells a partial import by the count', async () => {
    const results = new JobResults<FakeResult>();
    const job = startItemImportJob(runner, 'test.import', 'Import three', async () => ({ outcomes: [{ name: 'a', status: 'imported' }, { name: 'b', status: 'failed' }, { name: 'c', status: 'failed' }] }), ends(results));
    await runner.idle();
    expect(jobOf(job.id)).toMatchObject({ state: 'succeeded', message: 'Imported 1', failed: 2 });
    // Read back from the store by another runner, as another process or the app after a restart sees it.
    const other = new JobRunner(workspace.db);
    expect(other.list(10).find((listed) => listed.id === job.id)).toMatchObject({ failed: 2 });
    await other.shutdown();
  });
});
