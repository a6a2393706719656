import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { FINISHED_JOB_STATES, type AppEvent, type Job } from '../../schemas/jobs.ts';
import { failInterruptedJobs, findJob, insertJob, listJobs, updateJob } from '../store/job-repository.ts';

export interface JobProgress {
  /** Aborted when the user cancels; long work checks it between units. */
  signal: AbortSignal;
  report(done: number, total: number, message?: string): void;
}

/** Work run as a job resolves with the message shown when it succeeds. */
export type JobWork = (progress: JobProgress) => Promise<string>;

export class JobNotFoundError extends Error {
  override name = 'JobNotFoundError';
}

const CANCELLED_MESSAGE = 'Cancelled. Anything it finished before the cancel is kept.';
/** How long shutdown waits for cancelled work to notice before closing over it. */
const SHUTDOWN_GRACE_MS = 5_000;

/** Progress is written and broadcast at most this often; start and end are always sent. */
const PROGRESS_INTERVAL_MS = 100;

/**
 * Runs long work in the background, keeps each job's state in the store (so a reload or a
 * second window sees it) and tells listeners about every change.
 */
export class JobRunner {
  readonly #db: Database;
  readonly #now: () => Date;
  readonly #listeners = new Set<(event: AppEvent) => void>();
  readonly #running = new Map<string, { controller: AbortController; finished: Promise<void> }>();
  /** Set when shutdown gave up waiting: late progress from stray work is dropped. */
  #closed = false;

  constructor(db: Database, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#now = now;
    failInterruptedJobs(db, now().toISOString());
  }

  onEvent(listener: (event: AppEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  list(limit: number): Job[] {
    return listJobs(this.#db, limit);
  }

  start(kind: string, title: string, work: JobWork): Job {
    const stamp = this.#now().toISOString();
    const job: Job = { id: randomUUID(), kind, title, state: 'running', done: 0, total: 0, message: 'Starting…', createdAt: stamp, updatedAt: stamp };
    insertJob(this.#db, job);
    this.#emit(job);
    const controller = new AbortController();
    const finished = this.#run(job, work, controller).finally(() => this.#running.delete(job.id));
    this.#running.set(job.id, { controller, finished });
    return job;
  }

  /** Asks a running job to stop. A finished job is returned unchanged. */
  cancel(id: string): Job {
    const job = findJob(this.#db, id);
    if (!job) throw new JobNotFoundError(`No job with id ${id}. It may belong to another workspace; refresh the job list.`);
    this.#running.get(id)?.controller.abort();
    return job;
  }

  /** Resolves once every job started so far has finished (used on shutdown and in tests). */
  async idle(): Promise<void> {
    await Promise.all([...this.#running.values()].map((r) => r.finished));
  }

  /**
   * Cancels everything still running and waits for it to settle, at most a few seconds: work
   * that ignores its signal is recorded as cancelled and no longer written, so closing the app
   * never hangs on it.
   */
  async shutdown(graceMs: number = SHUTDOWN_GRACE_MS): Promise<void> {
    for (const { controller } of this.#running.values()) controller.abort();
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = await Promise.race([
      this.idle().then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
    ]);
    clearTimeout(timer);
    if (!gaveUp) return;
    this.#closed = true;
    const stamp = this.#now().toISOString();
    for (const id of this.#running.keys()) {
      const job = findJob(this.#db, id);
      if (job) updateJob(this.#db, { ...job, state: 'cancelled', message: 'Stopped when the app closed; its work did not finish.', updatedAt: stamp });
    }
  }

  async #run(initial: Job, work: JobWork, controller: AbortController): Promise<void> {
    let job = initial;
    let lastWrite = 0;
    const save = (next: Partial<Job>, force: boolean) => {
      if (this.#closed) return;
      job = { ...job, ...next, updatedAt: this.#now().toISOString() };
      const at = Date.now();
      if (!force && at - lastWrite < PROGRESS_INTERVAL_MS) return;
      lastWrite = at;
      updateJob(this.#db, job);
      this.#emit(job);
    };
    const progress: JobProgress = {
      signal: controller.signal,
      report: (done, total, message) => {
        if (FINISHED_JOB_STATES.includes(job.state)) return;
        save({ done: Math.max(0, Math.floor(done)), total: Math.max(0, Math.floor(total)), ...(message === undefined ? {} : { message }) }, false);
      },
    };
    try {
      const message = await work(progress);
      if (controller.signal.aborted) save({ state: 'cancelled', message: CANCELLED_MESSAGE }, true);
      else save({ state: 'succeeded', done: job.total || job.done, message }, true);
    } catch (error) {
      if (controller.signal.aborted) save({ state: 'cancelled', message: CANCELLED_MESSAGE }, true);
      else save({ state: 'failed', message: error instanceof Error ? error.message : String(error) }, true);
    }
  }

  #emit(job: Job): void {
    const event: AppEvent = { type: 'job', job };
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // A broken listener (a closed SSE stream, a destroyed window) must not stop the job.
      }
    }
  }
}
