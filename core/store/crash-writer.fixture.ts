// Child process for crash-safety.test.ts: writes jobs as fast as it can and acknowledges each
// committed write on stdout, until the test kills it with SIGKILL.
//
//   node --import tsx core/store/crash-writer.fixture.ts DBPATH
//
// Every line written to stdout is printed only after the transaction it names has returned
// (committed). Lines:
//   ack job-000123                             one job, inserted on its own
//   batch job-000124 job-000125 job-000126     three jobs inserted in one transaction
// Ids continue from the highest one already in the database, so a database that was killed
// before keeps growing with contiguous ids.
import { realpathSync, writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Job } from '../../schemas/jobs.ts';
import { insertJob } from './job-repository.ts';
import { openDatabase } from './open-database.ts';

export const BATCH_KIND = 'crash-batch';
export const SINGLE_KIND = 'crash-single';
export const BATCH_SIZE = 3;
/** Every this many writes, one is a batch of BATCH_SIZE jobs in a single transaction. */
export const BATCH_EVERY = 5;

export const jobId = (n: number) => `job-${String(n).padStart(6, '0')}`;

function acknowledge(line: string): void {
  // Synchronous, so an acknowledgement is never printed (or buffered) before its commit, and
  // never lost in a buffer that a kill would discard.
  const buffer = Buffer.from(`${line}\n`);
  let offset = 0;
  while (offset < buffer.length) {
    try {
      offset += writeSync(1, buffer, offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    }
  }
}

function main(dbPath: string): void {
  const { db } = openDatabase(dbPath);
  const last = db.prepare("SELECT id FROM jobs WHERE id LIKE 'job-%' ORDER BY length(id) DESC, id DESC LIMIT 1").get() as { id: string } | undefined;
  let next = last === undefined ? 1 : Number(last.id.slice('job-'.length)) + 1;
  const job = (n: number, kind: string, title: string): Job => {
    const at = new Date().toISOString();
    return { id: jobId(n), kind, title, state: 'running', done: 0, total: 0, message: 'Crash test write', createdAt: at, updatedAt: at };
  };
  const insertBatch = db.transaction((first: number) => {
    for (let i = 0; i < BATCH_SIZE; i += 1) insertJob(db, job(first + i, BATCH_KIND, `batch ${jobId(first)}`));
  });
  for (let write = 1; ; write += 1) {
    if (write % BATCH_EVERY === 0) {
      insertBatch(next);
      const ids = Array.from({ length: BATCH_SIZE }, (_, i) => jobId(next + i));
      next += BATCH_SIZE;
      acknowledge(`batch ${ids.join(' ')}`);
    } else {
      insertJob(db, job(next, SINGLE_KIND, `single ${jobId(next)}`));
      acknowledge(`ack ${jobId(next)}`);
      next += 1;
    }
  }
}

/** True when this file is the process's entry point; the test imports it only for its constants. */
function invokedAsScript(): boolean {
  try {
    return process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (invokedAsScript()) {
  const dbPath = process.argv[2];
  if (!dbPath) {
    process.stderr.write('usage: node --import tsx core/store/crash-writer.fixture.ts DBPATH\n');
    process.exit(2);
  }
  main(dbPath);
}
