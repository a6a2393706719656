import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database } from 'better-sqlite3';
import { BUSY_TIMEOUT_MS } from './storage-error.ts';

/** At most this many problems are listed: one is enough to refuse, a few help a support request. */
const MAX_PROBLEMS = 5;

/**
 * SQLite's `PRAGMA quick_check` (every page and record is read and checked; unlike
 * integrity_check it does not match indexes to their tables, which makes it several times
 * cheaper). Returns the problems found; an empty list when the database is intact.
 */
export function quickCheck(db: Database): string[] {
  const rows = db.pragma(`quick_check(${MAX_PROBLEMS})`, { simple: false }) as { quick_check: string }[];
  return problemsOf(rows.map((row) => row.quick_check));
}

/** A quick_check running on its own connection in a worker thread, so a large database opens at once. */
export interface BackgroundCheck {
  /** Resolves with the problems found (empty when intact); rejects when the check could not run. */
  result: Promise<string[]>;
  /** Stops the check (the workspace is closing); the result then rejects. */
  stop(): void;
}

// Plain CommonJS run by the worker, so it needs no TypeScript loader in tests or in dist/.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db;
try {
  db = new Database(workerData.path, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = ${BUSY_TIMEOUT_MS}');
  const rows = db.pragma('quick_check(' + workerData.maxProblems + ')', { simple: false });
  parentPort.postMessage({ rows: rows.map((row) => row.quick_check) });
} catch (error) {
  parentPort.postMessage({ error: { code: error && error.code, message: String(error && error.message || error) } });
} finally {
  if (db) db.close();
}
`;

/** Runs quick_check on the database file at `path` from a worker thread with a read-only connection. */
export function quickCheckInBackground(path: string): BackgroundCheck {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, path, maxProblems: MAX_PROBLEMS } });
  // The check never keeps a process alive on its own: a CLI command that wants it awaits it.
  worker.unref();
  let stopped = false;
  const result = new Promise<string[]>((resolve, reject) => {
    worker.once('message', (reply: { rows?: string[]; error?: { code?: string; message: string } }) => {
      if (reply.rows) resolve(problemsOf(reply.rows));
      else reject(Object.assign(new Error(reply.error?.message ?? 'the integrity check failed'), { code: reply.error?.code }));
    });
    worker.once('error', reject);
    // After a reply this rejects a settled promise, which does nothing.
    worker.once('exit', (code) => reject(new Error(stopped ? 'the integrity check was stopped: the workspace closed' : `the integrity check stopped early (exit code ${code})`)));
  });
  // A stopped check's rejection is expected and must not surface as an unhandled rejection.
  result.catch(() => undefined);
  return {
    result,
    stop: () => {
      stopped = true;
      void worker.terminate();
    },
  };
}

/** quick_check's rows as one problem per line, without its "*** in database main ***" headings. */
function problemsOf(rows: string[]): string[] {
  if (rows.length === 1 && rows[0] === 'ok') return [];
  return rows
    .flatMap((row) => row.split('\n'))
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^\*\*\* in database \w+ \*\*\*$/.test(line))
    .slice(0, MAX_PROBLEMS);
}
