import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What a folder holds, seen before anything in it is opened or created. */
export interface WorkspaceFolderContents {
  /** False when the folder does not exist yet. */
  exists: boolean;
  /** `empty`: a zero-byte file with no write-ahead log beside it (SQLite would see no database). */
  database: 'missing' | 'empty' | 'present';
  /** Files stored under blobs/ (temporary files of interrupted writes not counted). */
  blobFiles: number;
  /** Entries that are not a workspace's own (lhb.sqlite and its journal files, blobs/), sorted. */
  otherEntries: string[];
}

const OWN_ENTRIES = new Set(['blobs', 'lhb.sqlite-wal', 'lhb.sqlite-shm', 'lhb.sqlite-journal']);
/** Files desktop systems drop into any folder they show; they do not make a folder someone's. */
const SYSTEM_LITTER = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini']);
const TEMP_FILE = /\.tmp-[0-9a-f]+$/;

/** Looks at a prospective workspace folder without changing it (walks blobs/, so only when deciding to seed). */
export function inspectWorkspaceFolder(dir: string, databaseFile: string): WorkspaceFolderContents {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch (error) {
    // Not there (or not a folder): creating it is what fails, and says so.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { exists: false, database: 'missing', blobFiles: 0, otherEntries: [] };
    throw error;
  }
  const otherEntries = entries.filter((name) => name !== databaseFile && !OWN_ENTRIES.has(name) && !SYSTEM_LITTER.has(name)).sort();
  return { exists: true, database: databaseFileState(dir, databaseFile), blobFiles: countFiles(join(dir, 'blobs')), otherEntries };
}

/** Whether the folder has a database file with something in it (a stat or two; nothing is opened). */
export function databaseFileState(dir: string, databaseFile: string): WorkspaceFolderContents['database'] {
  const databaseBytes = fileSize(join(dir, databaseFile));
  const walBytes = fileSize(join(dir, `${databaseFile}-wal`)) ?? 0;
  return databaseBytes === undefined ? 'missing' : databaseBytes === 0 && walBytes === 0 ? 'empty' : 'present';
}

function fileSize(path: string): number | undefined {
  try {
    return statSync(path).size;
  } catch {
    return undefined;
  }
}

/** Files anywhere under `dir` (blobs/ab/cdef… is two levels deep; anything else counts too). */
function countFiles(dir: string): number {
  let count = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (entry.isDirectory()) count += countFiles(join(dir, entry.name));
    else if (!TEMP_FILE.test(entry.name) && !SYSTEM_LITTER.has(entry.name)) count += 1;
  }
  return count;
}
