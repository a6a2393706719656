import { statSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import { quickCheck, quickCheckInBackground } from '../store/integrity-check.ts';
import { describeStorageProblem, storageProblemOf, WorkspaceStorageError } from '../store/storage-error.ts';

/**
 * Databases up to this size are checked before the workspace opens. quick_check reads every page:
 * on a 1.03 GB workspace database it took 0.94-1.3 s with the page cache warm (2 shared cores,
 * load ~10) and 27 s cold, so 32 MiB costs at most ~40 ms warm and under a second cold; anything
 * larger is checked in a worker thread while the workspace is used (open returns in ~5 ms).
 */
export const INTEGRITY_SYNC_LIMIT_BYTES = 32 * 1024 * 1024;

/** The integrity check of an open workspace, finished or running in the background. */
export interface IntegrityWatch {
  /** Resolves when the check is done: undefined when no damage was found, else what is damaged and what to do. */
  result: Promise<string | undefined>;
  /** The damage found so far: set once a background check reports it. */
  readonly damage: string | undefined;
  /** Stops a background check (the workspace is closing). */
  stop(): void;
}

/**
 * Runs SQLite's quick_check on a workspace database as it opens. A small database is checked at
 * once, and a damaged one is refused here (a WorkspaceStorageError naming the folder); a large one
 * is checked in a worker thread and its damage reported through `result` and `damage`.
 */
export function checkWorkspaceIntegrity(db: Database, databasePath: string, syncLimitBytes: number = INTEGRITY_SYNC_LIMIT_BYTES): IntegrityWatch {
  // A database read from an in-memory copy (a read-only folder) has no file a worker could open.
  if (db.memory || databaseBytes(databasePath) <= syncLimitBytes) {
    const problems = quickCheck(db);
    if (problems.length > 0) throw new WorkspaceStorageError('damaged', databasePath, quickCheckDetail(problems));
    return { result: Promise.resolve(undefined), damage: undefined, stop: () => undefined };
  }
  const check = quickCheckInBackground(databasePath);
  let damage: string | undefined;
  const result = check.result.then(
    (problems) => (problems.length > 0 ? describeStorageProblem('damaged', databasePath, quickCheckDetail(problems)) : undefined),
    // A check that could not run found nothing; only a database too damaged to read is news.
    (error: unknown) => (storageProblemOf(error) === 'damaged' ? describeStorageProblem('damaged', databasePath, (error as Error).message) : undefined),
  );
  void result.then((found) => {
    damage = found;
  });
  return {
    result,
    get damage() {
      return damage;
    },
    stop: check.stop,
  };
}

function quickCheckDetail(problems: string[]): string {
  return `SQLite's quick_check found: ${problems.join('; ')}`;
}

function databaseBytes(path: string): number {
  let total = 0;
  for (const file of [path, `${path}-wal`]) {
    try {
      total += statSync(file).size;
    } catch {
      // no log beside the database: nothing to add
    }
  }
  return total;
}
