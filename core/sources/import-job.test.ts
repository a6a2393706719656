import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobRunner } from '../jobs/job-runner.ts';
import { listSources } from './get-source.ts';
import { startImportJob } from './import-job.ts';
import { importPaths } from './import-sources.ts';
import { openSourceTestbed, type SourceTestbed } from './source-testbed.fixture.ts';

let bed: SourceTestbed;
let runner: JobRunner;
beforeEach(() => {
  bed = openSourceTestbed();
  runner = new JobRunner(bed.workspace.db);
});
afterEach(async () => {
  await runner.shutdown();
  bed.close();
});

const notes = () => listSources(bed.workspace).filter((source) => source.originalName.startsWith('note-'));

describe('startImportJob', () => {
  it('a cancelled import says how many files it really imported, keeps them, and counts only them as done', async () => {
    const paths = Array.from({ length: 10 }, (_, i) => bed.write(`note-${i}.md`, `# Note ${i}\n\nText ${i}.\n`));
    let jobId = '';
    // One file at a time (no worker threads), and the user presses Cancel once the third is in.
    const job = startImportJob(runner, 'Import 10 notes', (options) =>
      importPaths(bed.workspace, paths, {
        dataRoomId: null,
        workers: 0,
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
      done: 3,
      total: 10,
      message: 'Cancelled after importing 3 of 10 files; those 3 are kept. Import the same files again to add the other 7; files already imported are recognised and stay unchanged.',
    });
    expect(notes()).toHaveLength(3);

    // Doing as the message says finishes the rest and adds nothing twice.
    const again = startImportJob(runner, 'Import 10 notes again', (options) => importPaths(bed.workspace, paths, { dataRoomId: null, workers: 0, ...options }));
    await runner.idle();
    expect(runner.list(10).find((j) => j.id === again.id)).toMatchObject({ state: 'succeeded', message: 'Imported 7 sources, 3 unchanged' });
    expect(notes()).toHaveLength(10);
  });
});
