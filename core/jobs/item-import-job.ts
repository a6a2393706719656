import type { Job } from '../../schemas/jobs.ts';
import type { JobEnd, JobRunner } from './job-runner.ts';
import type { JobResults } from './job-results.ts';

/** What an import that goes through its items (files, folders) one by one hands back: an outcome per item met. */
export interface ItemImportResult {
  readonly outcomes: readonly { readonly status: string }[];
}

/** The import itself, given the job's signal (checked between items) and a progress callback (items done of planned). */
export type ItemImportWork<R> = (options: { signal: AbortSignal; onProgress: (done: number, total: number, message: string) => void }) => Promise<R>;

export interface ItemImportEnds<R> {
  /** Where the result is kept for callers in this process (the CLI prints per-item outcomes). */
  results: JobResults<R>;
  /** The job's final message when it ran to the end; throwing fails the job (nothing could be imported). */
  finished(result: R): string;
  /** What a cancelled import really finished: the items kept stay, and only they count as done. */
  cancelled(result: R, planned: number): JobEnd;
}

/**
 * Runs an item-by-item import (sources' files, runs' task and bundle folders) as a job: progress
 * per item, cancel between items, the result kept for importers in this process, and the end said
 * by `ends` from what was really imported.
 */
export function startItemImportJob<R extends ItemImportResult>(jobs: JobRunner, kind: string, title: string, work: ItemImportWork<R>, ends: ItemImportEnds<R>): Job {
  let jobId = '';
  const job = jobs.start(kind, title, async (progress) => {
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
    ends.results.keep(jobs, jobId, result);
    // Paths that could not be read, or held nothing to import, are outcomes too, though not among the items counted.
    // The job keeps how many items failed, so a screen tells a partial import by that count.
    const failed = result.outcomes.filter((outcome) => outcome.status === 'failed').length;
    if (progress.signal.aborted) return { ...ends.cancelled(result, planned + Math.max(0, result.outcomes.length - reached)), failed };
    return { message: ends.finished(result), failed };
  });
  jobId = job.id;
  return job;
}
