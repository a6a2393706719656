import { dirname } from 'node:path';
import { describeDiskFull, isDiskFullCode, isNearlyFull } from './disk-full.ts';

/** What went wrong underneath the workspace, in the terms a user can act on. */
export type StorageProblem = 'damaged' | 'read-only' | 'cannot-open' | 'disk-full' | 'disk-error' | 'busy';

/** How long a connection waits for another one's write lock before SQLite answers SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * A storage failure of one workspace, with a message that names the folder and says what to do.
 * Raised at open (damaged or unwritable database) and by the API when a call hits the same.
 */
export class WorkspaceStorageError extends Error {
  override name = 'WorkspaceStorageError';
  /** `detail`: what SQLite or the system said, e.g. "database disk image is malformed". */
  constructor(
    readonly problem: StorageProblem,
    readonly databasePath: string,
    readonly detail: string,
    options?: ErrorOptions & { message?: string },
  ) {
    super(options?.message ?? describeStorageProblem(problem, databasePath, detail), options);
  }
}

/**
 * The problem behind an error thrown by SQLite (better-sqlite3's SqliteError carries the extended
 * result code, e.g. SQLITE_CORRUPT_INDEX) or by the file system under the blob store; undefined for
 * anything else (a bug, a bad input), which callers report as they already do.
 */
export function storageProblemOf(error: unknown): StorageProblem | undefined {
  if (error instanceof WorkspaceStorageError) return error.problem;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  // Another connection held the lock past the busy wait: nothing is wrong with the disk.
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return 'damaged';
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS') return 'read-only';
  if (code.startsWith('SQLITE_CANTOPEN')) return 'cannot-open';
  if (isDiskFullCode(code)) return 'disk-full';
  if (code.startsWith('SQLITE_IOERR') || code === 'EIO') return 'disk-error';
  return undefined;
}

/** Commands that never write, named in messages about a workspace that cannot be written. */
export const READING_COMMANDS = 'lhb info, lhb sources list, lhb sources show, lhb runs list and lhb analyze';

/** The message for a storage problem of the workspace whose database is `databasePath`. */
export function describeStorageProblem(problem: StorageProblem, databasePath: string, detail: string): string {
  const dir = dirname(databasePath);
  switch (problem) {
    case 'damaged':
      return (
        `The workspace database ${databasePath} is damaged (${detail}). Nothing more was written to it. ` +
        `Restore lhb.sqlite from a backup into ${dir}, or start a new workspace elsewhere with --workspace DIR.`
      );
    case 'read-only':
      return (
        `The workspace ${dir} is read-only (${detail}), so nothing was saved. ${READING_COMMANDS} still work on it. ` +
        `To change it, make the folder and its lhb.sqlite writable (check their permissions, and that the disk is not mounted read-only), ` +
        `or copy the folder to a writable place and open the copy with --workspace DIR.`
      );
    case 'cannot-open':
      return `Could not open the workspace database ${databasePath} (${detail}). Check that ${dir} exists and that you may read and write it, or open another workspace with --workspace DIR.`;
    case 'disk-full':
      return `Could not use the workspace ${dir}: ${describeDiskFull(dir, detail)} Nothing of this change was saved: the database is as it was before it, and earlier changes are kept.`;
    case 'busy':
      return (
        `The workspace ${dir} is busy, try again: another lhb command or the app was writing to it for longer than ${BUSY_TIMEOUT_MS / 1000} s (${detail}). ` +
        `Nothing of this change was saved, and nothing saved before is lost.`
      );
    case 'disk-error':
      return (
        `Could not read or write the workspace database ${databasePath} (${detail}). Earlier changes are kept. ` +
        `Check the disk, then run lhb workspace verify: only if it reports the database damaged, restore lhb.sqlite from a backup into ${dir}.`
      );
  }
}

/**
 * The error as a WorkspaceStorageError naming the workspace, or undefined when it is not a storage
 * problem. An I/O error on a disk with (almost) no room left is the full disk: SQLite says "disk
 * I/O error" when it cannot grow its shared-memory or log file, and the database is intact.
 */
export function asWorkspaceStorageError(error: unknown, databasePath: string): WorkspaceStorageError | undefined {
  if (error instanceof WorkspaceStorageError) return error;
  const found = storageProblemOf(error);
  if (!found) return undefined;
  const problem = found === 'disk-error' && isNearlyFull(dirname(databasePath)) ? 'disk-full' : found;
  return new WorkspaceStorageError(problem, databasePath, error instanceof Error ? error.message : String(error), { cause: error });
}
