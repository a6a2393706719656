import type { Job } from '../../schemas/jobs.ts';
import { cancelledImportMessage } from '../jobs/cancelled-import-message.ts';
import type { JobEnd, JobRunner } from '../jobs/job-runner.ts';
import { JobResults } from '../jobs/job-results.ts';
import type { ImportOptions, ImportResult } from './import-sources.ts';

const results = new JobResults<ImportResult>();

export type ImportWork = (options: Pick<ImportOptions, 'signal' | 'onProgress'>) => Promise<ImportResult>;

/**
 * Runs an import as a job: progress per file, cancel between files, and the summary as the
 * job's final message. The job fails when no file could be imported; otherwise it succeeds and
 * its message lists the files that failed. A cancelled import says how many files it really
 * imported (they stay) and counts only those as done. The per-file outcomes stay available from
 * importJobResult() for callers in this process (the CLI prints them).
 */
export function startImportJob(jobs: JobRunner, title: string, work: ImportWork): Job {
  let jobId = '';
  const job = jobs.start('sources.import', title, async (progress) => {
    let reached = 0;
    let planned = 0;
    const result = await work({
      signal: progress.signal,
      onProgress: (done, total, message) => {
        reached = done;
        planned = total;
        progress.report(done, total, message);
      },
    });
    // The runner called this function before start() returned, but the first await above
    // always yields, so jobId is set by now.
    results.keep(jobs, jobId, result);
    // Paths that could not even be read are outcomes too, though not among the files counted.
    if (progress.signal.aborted) return cancelledImport(result, planned + Math.max(0, result.outcomes.length - reached));
    const stored = result.outcomes.some((outcome) => outcome.status !== 'failed');
    if (!stored) {
      if (result.outcomes.length > 0) throw new Error(result.message);
      const others = result.skipped.length > 0 ? ` (only ${result.skipped.length} other file${result.skipped.length === 1 ? '' : 's'})` : '';
      throw new Error(`No files to import: found no PDF, HTML, Markdown or text files${others}; choose such files, or folders that contain them.`);
    }
    return result.message;
  });
  jobId = job.id;
  return job;
}

function cancelledImport(result: ImportResult, planned: number): JobEnd {
  const kept = result.outcomes.filter((outcome) => outcome.status !== 'failed').length;
  const failed = result.outcomes.length - kept;
  const rest = planned - kept;
  const parts = [cancelledImportMessage(kept, planned, { one: 'file', many: 'files' })];
  if (failed > 0) parts.push(`${result.message}.`);
  if (rest > 0) parts.push(`Import the same files again to add the other ${rest}; files already imported are recognised and stay unchanged.`);
  return { message: parts.join(' '), done: kept, total: planned };
}

/** The outcomes of an import job run by this process, once it has finished; undefined before, or when too old. */
export function importJobResult(jobs: JobRunner, jobId: string): ImportResult | undefined {
  return results.get(jobs, jobId);
}
