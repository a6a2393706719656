import { FINISHED_JOB_STATES, type Job } from '../../schemas/jobs.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { errorClause } from '../api/describe-error.ts';

/** The part of a store that follows one job whose result is fetched once it succeeds. */
export interface ResultJobState<R> {
  client?: RpcClient;
  jobId?: string;
  done: number;
  total: number;
  message: string;
  result?: R;
  phase: string;
}

/**
 * Follows the export or import job a store started: progress while it runs, then its result
 * (fetched with `fetchResult`) or why it ended. A job can finish before the call that started it
 * has answered with its id, so finished jobs of this kind are remembered until `started` asks.
 */
export function followResultJob<R, S extends ResultJobState<R>>(options: {
  kind: string;
  get: () => S;
  set: (partial: Partial<S>) => void;
  fetchResult: (client: RpcClient, jobId: string) => Promise<R | null>;
  /** What could not be read, in words: "the file list", "what it did". */
  resultWords: string;
}) {
  const { get, set } = options;
  const finished = new Map<string, Job>();

  const finish = async (job: Job) => {
    if (job.state !== 'succeeded') {
      set({ phase: job.state === 'cancelled' ? 'cancelled' : 'failed', message: job.message } as Partial<S>);
      return;
    }
    const client = get().client;
    try {
      const result = client ? await options.fetchResult(client, job.id) : null;
      set({ phase: 'succeeded', message: job.message, result: result ?? undefined, done: job.done, total: job.total } as Partial<S>);
    } catch (error) {
      set({ phase: 'succeeded', message: `${job.message} (${options.resultWords} could not be read: ${errorClause(error)})` } as Partial<S>);
    }
  };

  return {
    /** Called once the start call answered with the job's id: it may have ended already. */
    async started(jobId: string): Promise<void> {
      const ended = finished.get(jobId);
      if (ended) await finish(ended);
    },
    jobChanged(job: Job): void {
      if (job.kind !== options.kind) return;
      if (FINISHED_JOB_STATES.includes(job.state)) {
        finished.set(job.id, job);
        if (finished.size > 20) finished.delete(finished.keys().next().value as string);
      }
      if (job.id !== get().jobId) return;
      if (FINISHED_JOB_STATES.includes(job.state)) void finish(job);
      else set({ done: job.done, total: job.total, message: job.message } as Partial<S>);
    },
  };
}
