import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { FINISHED_JOB_STATES, type AppEvent, type Job, type JobEvent } from '../../schemas/jobs.ts';
import { failOrphanedJob, findJob, insertJob, listJobs, listUnfinishedJobs, touchOwnedJobs, updateOwnedJob } from '../store/job-repository.ts';
import { HEARTBEAT_INTERVAL_MS, judgeJobOwner } from './job-owner-liveness.ts';
import { watchOtherProcessWrites } from './other-process-writes.ts';
import { thisProcess, type ProcessIdentity } from './process-identity.ts';
import { lhbErrorOfCode } from '../../schemas/lhb-error.ts';

export interface JobProgress {
  /** Aborted when the user cancels; long work checks it between units. */
  signal: AbortSignal;
  report(done: number, total: number, message?: string): void;
}

/** How work that accounts for itself ends: its message and, if it knows better than its last report, its count. */
export interface JobEnd {
  message: string;
  done?: number;
  total?: number;
  /** Items it could not do (an import's files that failed), so a screen can tell a partial end by a count, not by the words. */
  failed?: number;
}

/**
 * Work run as a job resolves with the message shown when it succeeds. A plain string says nothing
 * about a cancel, so a job cancelled meanwhile shows the generic cancel note instead. Work that
 * resolves with a JobEnd speaks for itself, cancelled or not: an import says how many files it
 * really finished and kept.
 */
export type JobWork = (progress: JobProgress) => Promise<string | JobEnd>;

export interface JobRunnerOptions {
  /** How often the running jobs' heartbeat is refreshed (tests shorten it). */
  heartbeatIntervalMs?: number;
  /** How often, while anyone listens, the store is checked for other processes' writes (tests shorten it). */
  otherProcessPollMs?: number;
}

/** Listeners hear of other processes' writes within about this long. */
const OTHER_PROCESS_POLL_MS = 1_000;
/** Without any write, an owner that died is looked for every this many polls (its heartbeat stops writing). */
const ORPHAN_CHECK_POLLS = 5;

export class JobNotFoundError extends lhbErrorOfCode('not_found') {
  override name = 'JobNotFoundError';
}

const CANCELLED_MESSAGE = 'Cancelled. Anything it finished before the cancel is kept.';
/** How long shutdown waits for cancelled work to notice before closing over it. */
const SHUTDOWN_GRACE_MS = 5_000;

/** Progress is written and broadcast at most this often; start and end are always sent. */
const PROGRESS_INTERVAL_MS = 100;
/** The jobs compared after another process wrote: the tray shows no more than these. */
const SEEN_JOBS = 100;

/** What a job that a gone process left unfinished says, in the tray and in `lhb`. */
function interruptedMessage(job: Job, why: string): string {
  const reached = job.total > 0 ? `, at ${job.done} of ${job.total}` : '';
  return `Interrupted: ${why}, so this job stopped${reached}. What it finished before then is kept; start it again to do the rest.`;
}

/**
 * Runs long work in the background, keeps each job's state in the store (so a reload or a
 * second window sees it) and tells listeners about every change.
 *
 * Each job is recorded with its owner, this process, which refreshes the heartbeat of its running
 * jobs while they run. Another process opening the workspace (an `lhb` command while the app runs)
 * leaves those jobs alone and fails only jobs whose owner is gone (judgeJobOwner).
 */
export class JobRunner {
  readonly #db: Database;
  readonly #now: () => Date;
  readonly #listeners = new Set<(event: AppEvent) => void>();
  readonly #running = new Map<string, { controller: AbortController; finished: Promise<void> }>();
  /** Set when shutdown gave up waiting: late progress from stray work is dropped. */
  #closed = false;
  readonly #self: ProcessIdentity = thisProcess();
  readonly #heartbeatIntervalMs: number;
  #heartbeat: NodeJS.Timeout | undefined;
  readonly #otherProcessPollMs: number;
  #stopWatching: (() => void) | undefined;
  /** Each listed job's last `updatedAt` seen, to tell listeners which jobs another process changed. */
  readonly #seen = new Map<string, string>();
  #polls = 0;

  constructor(db: Database, now: () => Date = () => new Date(), options: JobRunnerOptions = {}) {
    this.#db = db;
    this.#now = now;
    this.#heartbeatIntervalMs = options.heartbeatIntervalMs ?? HEARTBEAT_INTERVAL_MS;
    this.#otherProcessPollMs = options.otherProcessPollMs ?? OTHER_PROCESS_POLL_MS;
    this.#failOrphanedJobs();
  }

  /**
   * Tells `listener` about every job change: this process's as they happen, and, while anyone
   * listens, other processes' (a study started by `lhb runs start` in a terminal) within about a
   * second.
   */
  onEvent(listener: (event: JobEvent) => void): () => void {
    return this.onAppEvent((event) => {
      if (event.type === 'job') listener(event);
    });
  }

  /** Every event the UIs are sent: job changes, and `store-changed` after another process wrote to the workspace. */
  onAppEvent(listener: (event: AppEvent) => void): () => void {
    this.#listeners.add(listener);
    if (!this.#stopWatching) {
      for (const job of listJobs(this.#db, SEEN_JOBS)) this.#seen.set(job.id, job.updatedAt);
      this.#stopWatching = watchOtherProcessWrites(this.#db, (written) => this.#noticeOtherProcesses(written), this.#otherProcessPollMs);
    }
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) {
        this.#stopWatching?.();
        this.#stopWatching = undefined;
      }
    };
  }

  /** Tells every listener about a change this process made that is not a job's (a plan written through the API). */
  announce(event: Exclude<AppEvent, JobEvent>): void {
    this.#broadcast(event);
  }

  #noticeOtherProcesses(written: boolean): void {
    this.#polls++;
    // A killed owner writes nothing more, so it is looked for on a clock too, not only after a write.
    if (written || this.#polls % ORPHAN_CHECK_POLLS === 0) this.#failOrphanedJobs();
    if (!written) return;
    for (const job of listJobs(this.#db, SEEN_JOBS)) {
      if (this.#seen.get(job.id) === job.updatedAt) continue;
      this.#seen.set(job.id, job.updatedAt);
      if (!this.#running.has(job.id)) this.#emit(job);
    }
    this.#broadcast({ type: 'store-changed' });
  }

  /** Jobs for the tray, after failing any whose owner has gone since (another process was killed). */
  list(limit: number): Job[] {
    this.#failOrphanedJobs();
    return listJobs(this.#db, limit);
  }

  start(kind: string, title: string, work: JobWork): Job {
    const stamp = this.#now().toISOString();
    const job: Job = { id: randomUUID(), kind, title, state: 'running', done: 0, total: 0, message: 'Starting…', createdAt: stamp, updatedAt: stamp };
    insertJob(this.#db, job, { ...this.#self, heartbeatAt: stamp });
    this.#emit(job);
    const controller = new AbortController();
    const finished = this.#run(job, work, controller).finally(() => {
      this.#running.delete(job.id);
      if (this.#running.size === 0) this.#stopHeartbeat();
    });
    this.#running.set(job.id, { controller, finished });
    this.#startHeartbeat();
    return job;
  }

  /** Asks a running job to stop. A finished job is returned unchanged. */
  cancel(id: string): Job {
    const job = findJob(this.#db, id);
    if (!job) throw new JobNotFoundError(`No job with id ${id}. It may belong to another workspace; refresh the job list.`);
    this.#running.get(id)?.controller.abort();
    return job;
  }

  /** Resolves once this job has finished; at once when it is not running in this process. */
  async finished(id: string): Promise<void> {
    await this.#running.get(id)?.finished;
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
    this.#stopHeartbeat();
    this.#stopWatching?.();
    this.#stopWatching = undefined;
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
      if (job) updateOwnedJob(this.#db, { ...job, state: 'cancelled', message: 'Stopped when the app closed; its work did not finish.', updatedAt: stamp }, this.#self.instance);
    }
  }

  async #run(initial: Job, work: JobWork, controller: AbortController): Promise<void> {
    let job = initial;
    let lastWrite = 0;
    /** Set when another process marked this job interrupted: nothing more is written for it. */
    let takenAway = false;
    const save = (next: Partial<Job>, force: boolean) => {
      if (this.#closed || takenAway) return;
      job = { ...job, ...next, updatedAt: this.#now().toISOString() };
      const at = Date.now();
      if (!force && at - lastWrite < PROGRESS_INTERVAL_MS) return;
      lastWrite = at;
      if (!updateOwnedJob(this.#db, job, this.#self.instance)) {
        // Another process judged this one gone (its heartbeat looked stale) and failed the job.
        // Stop the work rather than contradict the store; show listeners what the store says.
        takenAway = true;
        controller.abort(new Error('Another process marked this job interrupted.'));
        const stored = findJob(this.#db, job.id);
        if (stored) this.#emit(stored);
        return;
      }
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
      const result = await work(progress);
      const end = typeof result === 'string' ? undefined : result;
      const count = (fallback: number, value: number | undefined) => (value === undefined ? fallback : Math.max(0, Math.floor(value)));
      if (controller.signal.aborted) {
        save(end ? { state: 'cancelled', message: end.message, done: count(job.done, end.done), total: count(job.total, end.total), ...failedOf(end) } : { state: 'cancelled', message: CANCELLED_MESSAGE }, true);
      } else {
        const total = count(job.total, end?.total);
        save({ state: 'succeeded', done: count(total || job.done, end?.done), total, message: end ? end.message : (result as string), ...failedOf(end) }, true);
      }
    } catch (error) {
      if (controller.signal.aborted) save({ state: 'cancelled', message: CANCELLED_MESSAGE }, true);
      else save({ state: 'failed', message: error instanceof Error ? error.message : String(error) }, true);
    }
  }

  /** Fails the unfinished jobs whose owning process is gone, and tells listeners. */
  #failOrphanedJobs(): void {
    // A read-only open (lhb info on a read-only workspace) may not write: the next writer fails them.
    if (this.#db.readonly) return;
    const now = this.#now();
    for (const { job, owner } of listUnfinishedJobs(this.#db)) {
      const verdict = judgeJobOwner(owner, now, this.#self);
      if (verdict.alive) continue;
      const failed = failOrphanedJob(this.#db, job.id, owner?.instance ?? null, interruptedMessage(job, verdict.why), now.toISOString());
      if (failed) this.#emit(failed);
    }
  }

  #startHeartbeat(): void {
    if (this.#heartbeat) return;
    this.#heartbeat = setInterval(() => {
      try {
        touchOwnedJobs(this.#db, this.#self.instance, this.#now().toISOString());
      } catch {
        // The database was closed under a runner that was not shut down: nothing left to refresh.
        this.#stopHeartbeat();
      }
    }, this.#heartbeatIntervalMs);
    // The heartbeat never keeps a process alive by itself (a CLI command exits when its work is done).
    this.#heartbeat.unref();
  }

  #stopHeartbeat(): void {
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
  }

  #emit(job: Job): void {
    this.#seen.set(job.id, job.updatedAt);
    this.#broadcast({ type: 'job', job });
  }

  #broadcast(event: AppEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // A broken listener (a closed SSE stream, a destroyed window) must not stop the job.
      }
    }
  }
}

/** A job's count of failed items as the store keeps it: only when some failed. */
function failedOf(end: JobEnd | undefined): Pick<Job, 'failed'> {
  const failed = end?.failed === undefined ? 0 : Math.max(0, Math.floor(end.failed));
  return failed > 0 ? { failed } : {};
}
