import type { Job } from '../../schemas/jobs.ts';
import { cancelledImportMessage } from '../jobs/cancelled-import-message.ts';
import { startItemImportJob, type ItemImportWork } from '../jobs/item-import-job.ts';
import type { JobEnd, JobRunner } from '../jobs/job-runner.ts';
import { JobResults } from '../jobs/job-results.ts';
import type { ImportResult } from './import-sources.ts';

const results = new JobResults<ImportResult>();

/**
 * Runs an import as a job: progress per file, cancel between files, and the summary as the
 * job's final message. The job fails when no file could be imported; otherwise it succeeds and
 * its message lists the files that failed. A cancelled import says how many files it really
 * imported (they stay) and counts only those as done. The per-file outcomes stay available from
 * importJobResult() for callers in this process (the CLI prints them).
 */
export function startImportJob(jobs: JobRunner, title: string, work: ItemImportWork<ImportResult>): Job {
  return startItemImportJob(jobs, 'sources.import', title, work, { results, finished: finishedImport, cancelled: cancelledImport });
}

function finishedImport(result: ImportResult): string {
  const stored = result.outcomes.some((outcome) => outcome.status !== 'failed');
  if (!stored) {
    if (result.outcomes.length > 0) throw new Error(result.message);
    const others = result.skipped.length > 0 ? ` (only ${result.skipped.length} other file${result.skipped.length === 1 ? '' : 's'})` : '';
    throw new Error(`No files to import: found no PDF, HTML, Markdown or text files${others}; choose such files, or folders that contain them.`);
  }
  return result.message;
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
