import type { Job } from '../../schemas/jobs.ts';
import type { ImportResult } from '../../schemas/import.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { JobResults } from '../jobs/job-results.ts';
import type { Workspace } from '../workspace/open-workspace.ts';
import { importDataset } from './import-dataset.ts';
import { ImportCancelledError } from './read-dataset-folder.ts';

const results = new JobResults<ImportResult>();

/** Runs an import as a job: progress while it reads and checks, Cancel before the write, the result kept for importJobResult(). */
export function startImportJob(jobs: JobRunner, workspace: Pick<Workspace, 'db' | 'blobs'>, dir: string): Job {
  let jobId = '';
  const job = jobs.start('import.hf', `Import dataset from ${dir}`, async (progress) => {
    try {
      const result = await importDataset(workspace, dir, { signal: progress.signal, report: (done, total, message) => progress.report(done, total, message) });
      results.keep(jobs, jobId, result);
      return { message: importSummary(result), done: 1, total: 1 };
    } catch (error) {
      if (error instanceof ImportCancelledError || progress.signal.aborted) return { message: `Cancelled. Nothing was imported from ${dir}; the workspace is unchanged.` };
      throw error;
    }
  });
  jobId = job.id;
  return job;
}

export function importJobResult(jobs: JobRunner, jobId: string): ImportResult | undefined {
  return results.get(jobs, jobId);
}

/** One line: what was added, what was already here, and the conflicts to resolve. */
export function importSummary(result: ImportResult): string {
  const added = result.subsets.reduce((sum, subset) => sum + subset.added, 0);
  const unchanged = result.subsets.reduce((sum, subset) => sum + subset.unchanged, 0);
  const conflicts = result.conflicts.length;
  return (
    `Imported ${result.dir}: ${added} record${added === 1 ? '' : 's'} added, ${unchanged} already in this workspace` +
    (conflicts > 0 ? `, ${conflicts} conflict${conflicts === 1 ? '' : 's'} to resolve (both versions kept).` : ', no conflicts.')
  );
}
