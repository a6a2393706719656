import type { Job } from '../../schemas/jobs.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { JobResults } from '../jobs/job-results.ts';
import type { ImportOptions, ImportResult } from './import-sources.ts';

const results = new JobResults<ImportResult>();

export type ImportWork = (options: Pick<ImportOptions, 'signal' | 'onProgress'>) => Promise<ImportResult>;

/**
 * Runs an import as a job: progress per file, cancel between files, and the summary as the
 * job's final message. The job fails when no file could be imported; otherwise it succeeds and
 * its message lists the files that failed. The per-file outcomes stay available from
 * importJobResult() for callers in this process (the CLI prints them).
 */
export function startImportJob(jobs: JobRunner, title: string, work: ImportWork): Job {
  let jobId = '';
  const job = jobs.start('sources.import', title, async (progress) => {
    const result = await work({ signal: progress.signal, onProgress: (done, total, message) => progress.report(done, total, message) });
    // The runner called this function before start() returned, but the first await above
    // always yields, so jobId is set by now.
    results.keep(jobs, jobId, result);
    const stored = result.outcomes.some((outcome) => outcome.status !== 'failed');
    if (!stored && !progress.signal.aborted) {
      if (result.outcomes.length > 0) throw new Error(result.message);
      const others = result.skipped.length > 0 ? ` (only ${result.skipped.length} other file${result.skipped.length === 1 ? '' : 's'})` : '';
      throw new Error(`No files to import: found no PDF, HTML, Markdown or text files${others}; choose such files, or folders that contain them.`);
    }
    return result.message;
  });
  jobId = job.id;
  return job;
}

/** The outcomes of an import job run by this process, once it has finished; undefined before, or when too old. */
export function importJobResult(jobs: JobRunner, jobId: string): ImportResult | undefined {
  return results.get(jobs, jobId);
}
