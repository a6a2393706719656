import type { Job } from '../../schemas/jobs.ts';
import { JobNotFoundError, type JobRunner } from '../jobs/job-runner.ts';
import type { StatusLine } from './status-line.ts';

export interface FollowJobOptions {
  /** Each event of the job while it is followed: its progress, then its end. */
  onEvent?(job: Job): void;
  /** Called every `everyMs` while the job runs, and once more after it has ended (a study's per-run lines). */
  poll?: { everyMs: number; tick(): Promise<void> };
  /**
   * Ctrl+C cancels the job (what it finished is kept, and the command goes on to say so) instead
   * of killing the process mid-write. `notice` is said on stderr first; with `secondQuits` a
   * second Ctrl+C quits at once (exit 130) for a job slow to stop.
   */
  ctrlC?: { notice?: string; secondQuits?: boolean };
  /** Cleared once the job has ended, however following it ends. */
  statusLine?: StatusLine;
}

/**
 * Follows a job this process runs to its end, the one way every `lhb` command that starts a job
 * waits for it; returns the job as it ended (undefined if it vanished). What is shown meanwhile,
 * and what the command prints and exits with afterwards, are each command's own.
 */
export async function followJob(jobs: JobRunner, jobId: string, options: FollowJobOptions = {}): Promise<Job | undefined> {
  let last: Job | undefined;
  const stopListening = jobs.onEvent((event) => {
    if (event.job.id !== jobId) return;
    last = event.job;
    options.onEvent?.(event.job);
  });
  let interrupts = 0;
  const onCtrlC = () => {
    interrupts += 1;
    if (interrupts > 1 && options.ctrlC?.secondQuits) process.exit(130);
    if (options.ctrlC?.notice) process.stderr.write(options.ctrlC.notice);
    try {
      jobs.cancel(jobId);
    } catch (error) {
      // Gone from the store already: there is nothing left to cancel.
      if (!(error instanceof JobNotFoundError)) throw error;
    }
  };
  if (options.ctrlC) process.on('SIGINT', onCtrlC);
  try {
    await waitForEnd(jobs, jobId, options.poll);
  } finally {
    if (options.ctrlC) process.off('SIGINT', onCtrlC);
    stopListening();
    options.statusLine?.clear();
  }
  return jobs.list(500).find((job) => job.id === jobId) ?? last;
}

async function waitForEnd(jobs: JobRunner, jobId: string, poll: FollowJobOptions['poll']): Promise<void> {
  let ended = false;
  const end = jobs.finished(jobId).then(() => {
    ended = true;
  });
  if (!poll) return end;
  for (;;) {
    const last = ended;
    await poll.tick();
    if (last) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([end, new Promise((resolve) => (timer = setTimeout(resolve, poll.everyMs)))]);
    clearTimeout(timer);
  }
}
