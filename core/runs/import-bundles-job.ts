import type { Job } from '../../schemas/jobs.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { JobResults } from '../jobs/job-results.ts';
import type { ImportBundlesOptions, ImportBundlesResult } from './import-bundles.ts';

const results = new JobResults<ImportBundlesResult>();

export type ImportBundlesWork = (options: Pick<ImportBundlesOptions, 'signal' | 'onProgress'>) => Promise<ImportBundlesResult>;

/**
 * Runs a task/bundle import as a job: progress per folder, cancel between folders, the summary
 * as its final message. It fails when nothing could be imported. The per-folder outcomes stay
 * available from bundleImportJobResult() for callers in this process (the CLI prints them).
 */
export function startBundleImportJob(jobs: JobRunner, title: string, work: ImportBundlesWork): Job {
  let jobId = '';
  const job = jobs.start('runs.import', title, async (progress) => {
    const result = await work({ signal: progress.signal, onProgress: (done, total, message) => progress.report(done, total, message) });
    results.keep(jobs, jobId, result);
    if (!progress.signal.aborted && result.outcomes.every((outcome) => outcome.status === 'failed')) throw new Error(result.message);
    return result.message;
  });
  jobId = job.id;
  return job;
}

export function bundleImportJobResult(jobs: JobRunner, jobId: string): ImportBundlesResult | undefined {
  return results.get(jobs, jobId);
}
