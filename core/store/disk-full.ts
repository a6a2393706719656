import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Below this much free space, an I/O error of SQLite on the disk is taken for a full disk: SQLite
 * answers "disk I/O error" (SQLITE_IOERR_SHMSIZE, _WRITE, _TRUNCATE…) rather than SQLITE_FULL when
 * it cannot grow its shared-memory or log file, and then the advice is to free space, not to
 * restore a database that is intact.
 */
export const NEARLY_FULL_BYTES = 8 * 1024 * 1024;

/** The system's codes for "no room": the disk is full (ENOSPC) or the user's quota is used up (EDQUOT). */
export function isDiskFullCode(code: string): boolean {
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL';
}

/**
 * Whether the error is a full disk or used-up quota: by its code (the system's, or SQLite's
 * SQLITE_FULL), or by the words of a library that passes on only the message (DuckDB).
 */
export function isDiskFullError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && isDiskFullCode(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return /\b(ENOSPC|EDQUOT)\b|no space left on device|disk quota exceeded|database or disk is full/i.test(message);
}

/** Bytes free to this user on the disk holding `path` (its nearest existing folder); undefined when unknown. */
export function freeBytesAt(path: string): number | undefined {
  for (let dir = path; ; dir = dirname(dir)) {
    try {
      const stats = statfsSync(dir);
      return stats.bavail * stats.bsize;
    } catch {
      if (dirname(dir) === dir) return undefined;
    }
  }
}

/** Whether the disk holding `path` has (almost) no room left. */
export function isNearlyFull(path: string): boolean {
  const free = freeBytesAt(path);
  return free !== undefined && free < NEARLY_FULL_BYTES;
}

/**
 * "the disk is full…" for a write under `folder` that found no room: where, how much is free
 * there now, and what to free (at least `neededBytes` when known) or where else to go. Nothing in it suggests a
 * backup: a full disk damages nothing that was saved.
 */
export function describeDiskFull(folder: string, detail: string, neededBytes?: number, elsewhere = 'move the folder to a larger disk'): string {
  const free = freeBytesAt(folder);
  const now = free === undefined ? '' : ` (${formatBytes(free)} free there now)`;
  const need =
    neededBytes === undefined ? 'some space' : free === undefined || free >= neededBytes ? `at least ${formatBytes(neededBytes)}` : `at least ${formatBytes(neededBytes - free)} more`;
  const size = neededBytes === undefined ? '' : ` It needs ${formatBytes(neededBytes)}.`;
  return (
    `the disk is full (${detail}).${size} ` +
    `Free ${need} on the disk holding ${folder}${now}: delete files you no longer need there, or ${elsewhere}; then try again.`
  );
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
}
