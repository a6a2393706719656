import type { Database } from 'better-sqlite3';
import type { Job, JobState } from '../../schemas/jobs.ts';
import { prepared } from './statement-cache.ts';

/** The process running a job, as recorded with it (see core/jobs/job-owner-liveness.ts). */
export interface JobOwnerRow {
  pid: number;
  instance: string;
  host: string;
  space: string | null;
  start: string | null;
  heartbeatAt: string;
}

interface JobRow {
  id: string;
  kind: string;
  title: string;
  state: JobState;
  done: number;
  total: number;
  failed: number;
  message: string;
  created_at: string;
  updated_at: string;
  owner_pid: number | null;
  owner_instance: string | null;
  owner_host: string | null;
  owner_space: string | null;
  owner_start: string | null;
  heartbeat_at: string | null;
}

const toOwner = (row: JobRow): JobOwnerRow | null =>
  row.owner_instance === null || row.owner_pid === null || row.owner_host === null || row.heartbeat_at === null
    ? null
    : { pid: row.owner_pid, instance: row.owner_instance, host: row.owner_host, space: row.owner_space, start: row.owner_start, heartbeatAt: row.heartbeat_at };

const toJob = (row: JobRow): Job => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  state: row.state,
  done: row.done,
  total: row.total,
  ...(row.failed > 0 ? { failed: row.failed } : {}),
  message: row.message,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Records a new job; `owner` names the process that runs it (omitted only by fixtures that write rows directly). */
export function insertJob(db: Database, job: Job, owner?: JobOwnerRow): void {
  prepared(
    db,
    `INSERT INTO jobs (id, kind, title, state, done, total, failed, message, created_at, updated_at,
                       owner_pid, owner_instance, owner_host, owner_space, owner_start, heartbeat_at)
     VALUES (@id, @kind, @title, @state, @done, @total, @failed, @message, @createdAt, @updatedAt,
             @ownerPid, @ownerInstance, @ownerHost, @ownerSpace, @ownerStart, @heartbeatAt)`,
  ).run({
    ...job,
    failed: job.failed ?? 0,
    ownerPid: owner?.pid ?? null,
    ownerInstance: owner?.instance ?? null,
    ownerHost: owner?.host ?? null,
    ownerSpace: owner?.space ?? null,
    ownerStart: owner?.start ?? null,
    heartbeatAt: owner?.heartbeatAt ?? null,
  });
}

/**
 * Writes a job's progress or end, for its owner only and only while the store still shows it
 * unfinished: false when another process has meanwhile marked it interrupted (the owner then
 * stops the work instead of bringing the job back to life). Each write is also a heartbeat.
 */
export function updateOwnedJob(db: Database, job: Job, ownerInstance: string): boolean {
  return (
    prepared(
      db,
      `UPDATE jobs SET state = @state, done = @done, total = @total, failed = @failed, message = @message, updated_at = @updatedAt, heartbeat_at = @updatedAt
       WHERE id = @id AND owner_instance = @ownerInstance AND state IN ('queued', 'running')`,
    ).run({ ...job, failed: job.failed ?? 0, ownerInstance }).changes > 0
  );
}

/** The owner says it is still running its unfinished jobs; returns how many it refreshed. */
export function touchOwnedJobs(db: Database, ownerInstance: string, at: string): number {
  return prepared(db, `UPDATE jobs SET heartbeat_at = ? WHERE owner_instance = ? AND state IN ('queued', 'running')`).run(at, ownerInstance).changes;
}

/** Every queued or running job with its owner (null for rows written before jobs had owners). */
export function listUnfinishedJobs(db: Database): { job: Job; owner: JobOwnerRow | null }[] {
  const rows = prepared(db, `SELECT * FROM jobs WHERE state IN ('queued', 'running') ORDER BY created_at, id`).all() as JobRow[];
  return rows.map((row) => ({ job: toJob(row), owner: toOwner(row) }));
}

/**
 * Marks a job whose owner is gone as failed, unless it finished or changed owner meanwhile (two
 * processes opening at once both judge it; the second write changes nothing).
 */
export function failOrphanedJob(db: Database, id: string, ownerInstance: string | null, message: string, at: string): Job | undefined {
  const changed = prepared(
    db,
    `UPDATE jobs SET state = 'failed', message = ?, updated_at = ?
     WHERE id = ? AND owner_instance IS ? AND state IN ('queued', 'running')`,
  ).run(message, at, id, ownerInstance).changes;
  return changed > 0 ? findJob(db, id) : undefined;
}

/** The process recorded as running a job (null for rows written before jobs had owners). */
export function findJobOwner(db: Database, id: string): JobOwnerRow | null {
  const row = prepared(db, 'SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
  return row ? toOwner(row) : null;
}

export function findJob(db: Database, id: string): Job | undefined {
  const row = db.prepare('SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
  return row ? toJob(row) : undefined;
}

/** Unfinished jobs first, then the most recent finished ones, newest first within each. */
export function listJobs(db: Database, limit: number): Job[] {
  const rows = db
    .prepare(
      `SELECT * FROM jobs
       ORDER BY state IN ('succeeded', 'failed', 'cancelled'), created_at DESC, id DESC
       LIMIT ?`,
    )
    .all(limit) as JobRow[];
  return rows.map(toJob);
}

export function countJobs(db: Database): number {
  return (db.prepare('SELECT count(*) AS n FROM jobs').get() as { n: number }).n;
}

