import type { Job } from '../../schemas/jobs.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { ImportBundlesOptions, ImportBundlesResult } from './import-bundles.ts';

const KEPT_RESULTS = 20;
const resultsByRunner = new WeakMap<JobRunner, Map<string, ImportBundlesResult>>();

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
    let results = resultsByRunner.get(jobs);
    if (!results) resultsByRunner.set(jobs, (results = new Map()));
    results.set(jobId, result);
    for (const oldest of results.keys()) {
      if (results.size <= KEPT_RESULTS) break;
      results.delete(oldest);
    }
    if (!progress.signal.aborted && result.outcomes.every((outcome) => outcome.status === 'failed')) throw new Error(result.message);
    return result.message;
  });
  jobId = job.id;
  return job;
}

export function bundleImportJobResult(jobs: JobRunner, jobId: string): ImportBundlesResult | undefined {
  return resultsByRunner.get(jobs)?.get(jobId);
}
