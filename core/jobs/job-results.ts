import type { JobRunner } from './job-runner.ts';

/** How many finished jobs' results each runner keeps, per kind of result. */
const KEPT_RESULTS = 20;

/**
 * Results of finished jobs, kept by the runner that ran them for the API's `*.result` methods
 * (the CLI prints an import's per-file outcomes from them). Only the newest few are kept; a job's
 * own message is the durable summary.
 */
export class JobResults<T> {
  readonly #byRunner = new WeakMap<JobRunner, Map<string, T>>();

  keep(jobs: JobRunner, jobId: string, result: T): void {
    let results = this.#byRunner.get(jobs);
    if (!results) this.#byRunner.set(jobs, (results = new Map()));
    results.set(jobId, result);
    for (const oldest of results.keys()) {
      if (results.size <= KEPT_RESULTS) break;
      results.delete(oldest);
    }
  }

  get(jobs: JobRunner, jobId: string): T | undefined {
    return this.#byRunner.get(jobs)?.get(jobId);
  }
}
