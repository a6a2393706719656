import type { Job } from '../../../schemas/jobs.ts';
import { cancelledImportMessage } from '../../jobs/cancelled-import-message.ts';
import { startItemImportJob, type ItemImportWork } from '../../jobs/item-import-job.ts';
import type { JobEnd, JobRunner } from '../../jobs/job-runner.ts';
import { JobResults } from '../../jobs/job-results.ts';
import type { ImportBundlesResult } from './import-bundles.ts';

const results = new JobResults<ImportBundlesResult>();

/**
 * Runs a task/bundle import as a job: progress per folder, cancel between folders, the summary
 * as its final message. It fails when nothing could be imported. A cancelled import says how many
 * folders it really imported (they stay) and counts only those as done. The per-folder outcomes stay
 * available from bundleImportJobResult() for callers in this process (the CLI prints them).
 */
export function startBundleImportJob(jobs: JobRunner, title: string, work: ItemImportWork<ImportBundlesResult>): Job {
  return startItemImportJob(jobs, 'runs.import', title, work, { results, finished: finishedImport, cancelled: cancelledImport });
}

function finishedImport(result: ImportBundlesResult): string {
  if (result.outcomes.every((outcome) => outcome.status === 'failed')) throw new Error(result.message);
  return result.message;
}

function cancelledImport(result: ImportBundlesResult, planned: number): JobEnd {
  const kept = result.outcomes.filter((outcome) => outcome.status !== 'failed');
  const count = (kind: 'task' | 'run') => kept.filter((outcome) => outcome.kind === kind).length;
  const tasks = count('task');
  const runs = count('run');
  const what = kept.length === 0 ? undefined : `${tasks} task${tasks === 1 ? '' : 's'}, ${runs} run${runs === 1 ? '' : 's'}`;
  const failed = result.outcomes.filter((outcome) => outcome.status === 'failed');
  const reasons = failed.map((outcome) => (outcome.status === 'failed' ? outcome.reason.replace(/\.$/, '') : '')).join(' | ');
  const message = cancelledImportMessage(kept.length, planned, { one: 'folder', many: 'folders' }, what);
  return { message: failed.length > 0 ? `${message} ${failed.length} failed: ${reasons}.` : message, done: kept.length, total: planned };
}

export function bundleImportJobResult(jobs: JobRunner, jobId: string): ImportBundlesResult | undefined {
  return results.get(jobs, jobId);
}
