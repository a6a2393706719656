import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { JobProgress } from '../jobs/job-runner.ts';
import { listBlobIds } from '../store/blob-repository.ts';
import type { Workspace } from './open-workspace.ts';

/**
 * Checks the whole workspace: SQLite's integrity check, then every recorded blob re-hashed.
 * Runs as a job; yields between blobs so the server keeps answering and a cancel is heard.
 */
export async function verifyWorkspace(workspace: Workspace, progress: JobProgress): Promise<string> {
  const ids = listBlobIds(workspace.db);
  const total = ids.length + 1;
  progress.report(0, total, 'Checking the database…');
  const integrity = workspace.db.pragma('integrity_check', { simple: true });
  if (integrity !== 'ok') {
    throw new Error(`The database ${workspace.databasePath} failed SQLite's integrity check: ${String(integrity)}. Restore it from a backup.`);
  }
  const bad: string[] = [];
  for (const [index, sha256] of ids.entries()) {
    progress.signal.throwIfAborted();
    if (!workspace.blobs.verify(sha256)) bad.push(sha256);
    progress.report(index + 2, total, `Checked ${index + 1} of ${ids.length} files`);
    await yieldToEventLoop();
  }
  if (bad.length > 0) {
    throw new Error(
      `${bad.length} of ${ids.length} stored files are missing or changed (${bad.slice(0, 3).map((s) => s.slice(0, 12)).join(', ')}${bad.length > 3 ? ', …' : ''}) under ${workspace.blobs.root}. The database is intact; re-import those sources.`,
    );
  }
  return `Workspace is healthy: database intact, ${ids.length} stored file${ids.length === 1 ? '' : 's'} verified.`;
}
