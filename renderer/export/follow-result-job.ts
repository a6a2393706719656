import type { RpcClient } from '../../schemas/rpc.ts';
import { errorClause } from '../api/describe-error.ts';
import { followStartedJob, type StartedJobFollower } from '../app/follow-started-job.ts';

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
 * Follows the export or import job a store started (renderer/app/follow-started-job.ts): progress
 * while it runs, then its result (fetched with `fetchResult`) or why it ended.
 */
export function followResultJob<R, S extends ResultJobState<R>>(options: {
  kind: string;
  get: () => S;
  set: (partial: Partial<S>) => void;
  fetchResult: (client: RpcClient, jobId: string) => Promise<R | null>;
  /** What could not be read, in words: "the file list", "what it did". */
  resultWords: string;
}): StartedJobFollower {
  const { get, set } = options;
  return followStartedJob({
    kind: options.kind,
    follows: (jobId) => jobId === get().jobId,
    progressed: (job) => set({ done: job.done, total: job.total, message: job.message } as Partial<S>),
    async ended(job) {
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
    },
  });
}
