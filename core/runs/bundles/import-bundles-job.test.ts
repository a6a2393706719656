import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoDatasetDir } from '../../app-paths.ts';
import { JobRunner } from '../../jobs/job-runner.ts';
import { openWorkspace, type Workspace } from '../../workspace/open-workspace.ts';
import { importBundles } from './import-bundles.ts';
import { startBundleImportJob } from './import-bundles-job.ts';
import { listRunSummaries, listTaskSummaries } from '../run-views.ts';

let dir: string;
let workspace: Workspace;
let runner: JobRunner;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-bundle-job-'));
  workspace = openWorkspace(join(dir, 'ws'));
  runner = new JobRunner(workspace.db);
});

afterEach(async () => {
  await runner.shutdown();
  workspace.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('startBundleImportJob', () => {
  it('a cancelled import says how many folders it really imported and keeps them', async () => {
    const arena = join(demoDatasetDir, 'arena'); // 2 task folders, then 5 output bundles
    const realRuns = () => listRunSummaries(workspace.db);
    const before = { tasks: listTaskSummaries(workspace.db).length, runs: realRuns().length };
    let jobId = '';
    // The user presses Cancel while the fourth folder starts: it finishes, nothing after it does.
    const job = startBundleImportJob(runner, 'Import the demo arena', (options) =>
      importBundles(workspace, [arena], {
        captureMissingFrames: false,
        signal: options.signal,
        onProgress: (done, total, message) => {
          options.onProgress?.(done, total, message);
          if (done === 3) runner.cancel(jobId);
        },
      }),
    );
    jobId = job.id;
    await runner.idle();

    expect(runner.list(10).find((j) => j.id === job.id)).toMatchObject({
      state: 'cancelled',
      done: 4,
      total: 7,
      message: 'Cancelled after importing 4 of 7 folders (2 tasks, 2 runs); those 4 are kept.',
    });
    expect(listTaskSummaries(workspace.db).length - before.tasks).toBe(2);
    expect(realRuns().length - before.runs).toBe(2);
  });
});
