import { createHash } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync, statSync, writeSync } from 'node:fs';
import { join, sep } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

/**
 * Every file and folder under `dir` with its size and content hash: two snapshots are equal
 * exactly when nothing was created, removed or changed.
 */
export function snapshotFolder(dir: string): Record<string, string> {
  const snapshot: Record<string, string> = {};
  for (const entry of (readdirSync(dir, { recursive: true }) as string[]).sort()) {
    const path = join(dir, entry);
    const stat = statSync(path);
    snapshot[entry.split(sep).join('/')] = stat.isDirectory() ? 'folder' : `${stat.size} bytes ${createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16)}`;
  }
  return snapshot;
}

/**
 * Overwrites every page of the named tables and indexes in a closed database with garbage, as a
 * failing disk would: the file still opens, but reading those tables fails with SQLITE_CORRUPT
 * and quick_check reports them.
 */
export function damageTables(databasePath: string, names: string[]): void {
  const db = new BetterSqlite3(databasePath);
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const pages = db.prepare(`SELECT pageno FROM dbstat WHERE name IN (${names.map(() => '?').join(', ')})`).pluck().all(...names) as number[];
  db.close(); // checkpoints the WAL into the file, so the pages below are the only copy
  if (pages.length === 0) throw new Error(`no pages found for ${names.join(', ')} in ${databasePath}`);
  const fd = openSync(databasePath, 'r+');
  try {
    for (const page of pages) writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (page - 1) * pageSize);
  } finally {
    closeSync(fd);
  }
}
