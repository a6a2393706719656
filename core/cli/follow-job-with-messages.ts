import type { Job } from '../../schemas/jobs.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { followJob } from './follow-job.ts';
import { StatusLine } from './status-line.ts';

/**
 * Follows a job that reports each step in words (judging) to its end: on a terminal its message
 * rewritten on one status line at most ten times a second, piped a line a second, nothing with
 * `--json`; Ctrl+C cancels it after saying `cancelNotice` (what it stored is kept).
 */
export function followJobWithMessages(jobs: JobRunner, jobId: string, options: { json: boolean; cancelNotice: string }): Promise<Job | undefined> {
  const progress = new StatusLine({ live: process.stderr.isTTY === true && !options.json });
  let lastLine = 0;
  return followJob(jobs, jobId, {
    onEvent: (event) => {
      if (options.json || Date.now() - lastLine < (progress.live ? 100 : 1000)) return;
      lastLine = Date.now();
      if (progress.live) progress.show(event.message);
      else process.stderr.write(`${event.message}\n`);
    },
    ctrlC: { notice: options.cancelNotice },
    statusLine: progress,
  });
}
