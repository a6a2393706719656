import { relative } from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { JobProgress } from '../jobs/job-runner.ts';
import { statSync } from 'node:fs';
import { listBlobs } from '../store/blob-repository.ts';
import { STALE_TEMP_FILE_MS, type BlobTempFile } from '../store/blob-store.ts';
import type { Workspace } from './open-workspace.ts';

/**
 * Checks the whole workspace: SQLite's integrity check, then every recorded blob re-hashed, and
 * reports temporary files that killed writes left in the blob store (removing those over an hour
 * old, as opening the workspace does). Runs as a job; yields between blobs so the server keeps
 * answering and a cancel is heard.
 */
export async function verifyWorkspace(workspace: Workspace, progress: JobProgress): Promise<string> {
  const temps = tempFilesNote(workspace);
  const ids = listBlobs(workspace.db);
  const total = ids.length + 1;
  progress.report(0, total, 'Checking the database…');
  const integrity = workspace.db.pragma('integrity_check', { simple: true });
  if (integrity !== 'ok') {
    throw new Error(`The database ${workspace.databasePath} failed SQLite's integrity check: ${String(integrity)}. Restore it from a backup.${temps}`);
  }
  const bad: string[] = [];
  for (const [index, { sha256, sizeBytes }] of ids.entries()) {
    progress.signal.throwIfAborted();
    const found = workspace.blobs.check(sha256, sizeBytes);
    if (found !== 'ok') bad.push(describeBadBlob(workspace, sha256, sizeBytes, found));
    progress.report(index + 2, total, `Checked ${index + 1} of ${ids.length} files`);
    await yieldToEventLoop();
  }
  if (bad.length > 0) {
    throw new Error(
      `${bad.length} of ${ids.length} stored files are missing or changed (${bad.slice(0, 3).join(', ')}${bad.length > 3 ? ', …' : ''}) under ${workspace.blobs.root}. ` +
        `The database is intact; re-import those sources (a file cut short is written again whole).${temps}`,
    );
  }
  return `Workspace is healthy: database intact, ${ids.length} stored file${ids.length === 1 ? '' : 's'} verified.${temps}`;
}

/** One bad blob in a few words: its id's start and what is wrong (missing, cut short to so many bytes, or changed). */
function describeBadBlob(workspace: Workspace, sha256: string, sizeBytes: number, found: 'missing' | 'size' | 'hash'): string {
  const id = sha256.slice(0, 12);
  if (found === 'missing') return `${id} missing`;
  if (found === 'hash') return `${id} changed`;
  const size = statSync(workspace.blobs.pathFor(sha256), { throwIfNoEntry: false })?.size ?? 0;
  return size < sizeBytes ? `${id} cut short: ${size} of ${sizeBytes} bytes` : `${id} is ${size} bytes, not ${sizeBytes}`;
}

/** What became of the blob store's temporary files: removed when stale, else left to their writer. */
function tempFilesNote(workspace: Workspace): string {
  const removed = [...workspace.removedTempFiles, ...(workspace.readOnly ? [] : workspace.blobs.removeStaleTempFiles())];
  const left = workspace.blobs.listTempFiles();
  const stale = left.filter((temp) => temp.ageMs >= STALE_TEMP_FILE_MS);
  const notes: string[] = [];
  if (removed.length > 0) {
    notes.push(`Removed ${countOf(removed.length, 'temporary file')} left by interrupted writes (over an hour old): ${namesOf(removed, workspace)}.`);
  }
  if (stale.length > 0) {
    const why = workspace.readOnly ? ' (the workspace is open read-only)' : '';
    notes.push(`${countOf(stale.length, 'temporary file')} left by interrupted writes could not be removed${why}: ${namesOf(stale, workspace)}; delete ${stale.length === 1 ? 'it' : 'them'} by hand.`);
  }
  if (left.length > stale.length) notes.push(`${countOf(left.length - stale.length, 'temporary file')} younger than an hour left alone: a write may be in progress.`);
  return notes.map((note) => ` ${note}`).join('');
}

function countOf(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function namesOf(temps: BlobTempFile[], workspace: Workspace): string {
  const names = temps.slice(0, 3).map((temp) => relative(workspace.dir, temp.path));
  return names.join(', ') + (temps.length > 3 ? `, and ${temps.length - 3} more` : '');
}
