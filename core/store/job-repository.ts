import type { Database } from 'better-sqlite3';
import type { Job, JobState } from '../../schemas/jobs.ts';

interface JobRow {
  id: string;
  kind: string;
  title: string;
  state: JobState;
  done: number;
  total: number;
  message: string;
  created_at: string;
  updated_at: string;
}

const toJob = (row: JobRow): Job => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  state: row.state,
  done: row.done,
  total: row.total,
  message: row.message,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export function insertJob(db: Database, job: Job): void {
  db.prepare(
    `INSERT INTO jobs (id, kind, title, state, done, total, message, created_at, updated_at)
     VALUES (@id, @kind, @title, @state, @done, @total, @message, @createdAt, @updatedAt)`,
  ).run(job);
}

export function updateJob(db: Database, job: Job): void {
  db.prepare(
    `UPDATE jobs SET state = @state, done = @done, total = @total, message = @message, updated_at = @updatedAt
     WHERE id = @id`,
  ).run(job);
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

/**
 * Jobs left queued or running by a process that died cannot be resumed by this one: mark them
 * failed with a message that says so, so the tray never shows a spinner that will not end.
 */
export function failInterruptedJobs(db: Database, now: string): number {
  return db
    .prepare(
      `UPDATE jobs SET state = 'failed', message = 'Interrupted: the app stopped while this job was running. Start it again.', updated_at = ?
       WHERE state IN ('queued', 'running')`,
    )
    .run(now).changes;
}
