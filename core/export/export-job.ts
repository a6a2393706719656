import type { Job } from '../../schemas/jobs.ts';
import type { ExportOptions, ExportResult } from '../../schemas/export.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { JobResults } from '../jobs/job-results.ts';
import { ExportCancelledError, exportDataset, type ExportDeps } from './export-dataset.ts';

const results = new JobResults<ExportResult>();

/** The kind of an export's job, as export.push checks the job it is given. */
export const EXPORT_JOB_KIND = 'export.hf';

/**
 * Runs an export as a job: progress in rows, Cancel between pages (a cancelled export leaves
 * nothing behind), and the result (files, row counts, the card) kept for exportJobResult().
 */
export function startExportJob(jobs: JobRunner, deps: ExportDeps, options: ExportOptions): Job {
  let jobId = '';
  const job = jobs.start(EXPORT_JOB_KIND, `Export dataset to ${options.outDir}`, async (progress) => {
    try {
      const result = await exportDataset(deps, options, { signal: progress.signal, report: (done, total, message) => progress.report(done, total, message) });
      results.keep(jobs, jobId, result);
      const rows = result.rows.reduce((sum, subset) => sum + subset.rows, 0);
      return { message: `Exported ${rows} rows in ${result.files.length} files and the dataset card to ${result.outDir}.`, done: rows, total: rows };
    } catch (error) {
      if (error instanceof ExportCancelledError || progress.signal.aborted) {
        return { message: `Cancelled. Nothing was written to ${options.outDir}; the partial files were removed.` };
      }
      throw error;
    }
  });
  jobId = job.id;
  return job;
}

export function exportJobResult(jobs: JobRunner, jobId: string): ExportResult | undefined {
  return results.get(jobs, jobId);
}
