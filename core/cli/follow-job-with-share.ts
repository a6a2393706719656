import type { Job } from '../../schemas/jobs.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { followJob } from './follow-job.ts';
import { StatusLine } from './status-line.ts';

/**
 * Follows a job that writes a folder (an export, a report) to its end: its share done and its
 * message on one status line (a terminal only), Ctrl+C cancelling it.
 */
export function followJobWithShare(jobs: JobRunner, jobId: string): Promise<Job | undefined> {
  const progress = new StatusLine({ fit: true });
  return followJob(jobs, jobId, {
    onEvent: (running) => {
      if (running.state !== 'running') return;
      const share = running.total > 0 ? ` ${Math.floor((100 * running.done) / running.total)}%` : '';
      progress.show(`${share} ${running.message}`);
    },
    ctrlC: {},
    statusLine: progress,
  });
}
