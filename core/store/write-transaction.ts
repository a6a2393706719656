import type { Database } from 'better-sqlite3';

/**
 * A transaction that takes the write lock when it begins (BEGIN IMMEDIATE). A deferred one that
 * reads first and then writes has to upgrade its read snapshot to a write; when another process
 * committed in between, SQLite answers SQLITE_BUSY at once instead of honouring busy_timeout,
 * because waiting could not make that snapshot current again. Taking the lock first means a busy
 * workspace only ever makes a writer wait. Every write transaction of the app goes through here.
 */
export function writeTransaction<A extends unknown[], R>(db: Database, fn: (...args: A) => R): (...args: A) => R {
  const transaction = db.transaction(fn);
  return (...args) => transaction.immediate(...args);
}
