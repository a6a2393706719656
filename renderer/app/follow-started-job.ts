import { FINISHED_JOB_STATES, type Job } from '../../schemas/jobs.ts';

/** Jobs that ended recently, by id: enough for the few a screen can start at once. */
const REMEMBERED_ENDINGS = 20;

export interface StartedJobFollower {
  /** Called once the start call has answered with the job's id: the job may have ended already. */
  started(jobId: string): Promise<void>;
  /** Fed every job event the client hears. */
  jobChanged(job: Job): void;
}

/**
 * Follows the job a screen's store started: its progress while it runs, then how it ended. A job
 * can end before the call that started it has answered with its id (a small import), so its end
 * would be heard while the store follows nothing yet; endings are remembered for `started`.
 */
export function followStartedJob(options: {
  /** Only jobs of this kind (every kind when absent). */
  kind?: string;
  /** Whether the store is following this job now. */
  follows(jobId: string): boolean;
  /** A followed job that is still going reported progress. */
  progressed(job: Job): void;
  /** A followed job ended: succeeded, failed or cancelled. */
  ended(job: Job): void | Promise<void>;
}): StartedJobFollower {
  const endings = new Map<string, Job>();
  return {
    async started(jobId) {
      const ending = endings.get(jobId);
      if (ending) await options.ended(ending);
    },
    jobChanged(job) {
      if (options.kind !== undefined && job.kind !== options.kind) return;
      const finished = FINISHED_JOB_STATES.includes(job.state);
      if (finished) {
        endings.set(job.id, job);
        if (endings.size > REMEMBERED_ENDINGS) endings.delete(endings.keys().next().value!);
      }
      if (!options.follows(job.id)) return;
      if (finished) void options.ended(job);
      else options.progressed(job);
    },
  };
}
