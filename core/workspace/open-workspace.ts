import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { demoDatasetDir } from '../app-paths.ts';
import { BlobStore, type BlobTempFile } from '../store/blob-store.ts';
import { databaseHasProject, databaseHoldsData } from '../store/database-contents-repository.ts';
import { openDatabase, PendingMigrationsError } from '../store/open-database.ts';
import { WorkspaceStorageError } from '../store/storage-error.ts';
import { databaseFileState, inspectWorkspaceFolder } from './inspect-workspace-folder.ts';
import { isSeedPending, seedEmptyWorkspace, seedWorkspace } from './seed-workspace.ts';
import { checkWorkspaceIntegrity, type IntegrityWatch } from './workspace-integrity.ts';
import { assertSeedable, WorkspaceRefusedError } from './workspace-refused-error.ts';

export interface Workspace {
  dir: string;
  databasePath: string;
  db: Database;
  blobs: BlobStore;
  schemaVersion: number;
  /** Opened read-only: nothing is written (no migration ran, no seed, no clean-up). */
  readOnly: boolean;
  /** SQLite's quick_check of the database, done at open or still running for a large one. */
  integrity: IntegrityWatch;
  /** Temporary files of killed blob writes (over an hour old) removed when the workspace opened. */
  removedTempFiles: BlobTempFile[];
  close(): void;
}

export const DATABASE_FILE = 'lhb.sqlite';

/**
 * How a caller uses the workspace:
 * - `write` (the default): open read-write; a new or empty folder is created and seeded, the
 *   schema is upgraded, stale temporary files are removed. An unwritable workspace is refused.
 * - `read`: the caller only reads (lhb info, sources list/show, runs list, analyze). The workspace
 *   opens read-only, so nothing is written and an unwritable one works; only one that first needs
 *   creating, seeding or upgrading is opened for writing, as `write` would.
 * - `read-only`: never write; a workspace that needs any of that is refused, saying why.
 */
export type WorkspaceAccess = 'write' | 'read' | 'read-only';

export interface OpenWorkspaceOptions {
  /** Dataset folder used to seed a new workspace (default: datasets/demo). */
  seedFrom?: string;
  access?: WorkspaceAccess;
  /** Databases up to this size are integrity-checked before open returns; larger ones in the background. */
  integritySyncLimitBytes?: number;
  /**
   * A new or empty folder gets this project and nothing else (no demo data): what importing a
   * dataset into a new workspace starts from. A workspace that has a project is opened as it is.
   */
  emptyProject?: { name: string; description?: string };
}

export { WorkspaceRefusedError };

/**
 * Opens the workspace folder. A new or empty folder is created and seeded with the demo; a folder
 * that holds anything else without a usable database (blobs whose lhb.sqlite was lost, someone's
 * files) is refused before anything in it is created or changed.
 */
export function openWorkspace(dir: string, options: OpenWorkspaceOptions = {}): Workspace {
  const access = options.access ?? 'write';
  const databasePath = join(dir, DATABASE_FILE);
  const database = databaseFileState(dir, DATABASE_FILE);
  if (access !== 'write') {
    if (database === 'present') {
      const readable = openForReading(dir, databasePath, options);
      if (readable) return readable;
    } else if (access === 'read-only') {
      throw new WorkspaceRefusedError(`There is no workspace at ${dir} (no ${DATABASE_FILE} with data). Nothing was created, since it was opened read-only. Check the folder, or open it once with lhb serve to create it.`);
    }
  }
  try {
    return openForWriting(dir, databasePath, database, options);
  } catch (error) {
    // A reader sent here because the workspace needs upgrading or seeding first: say both.
    if (access === 'read' && error instanceof WorkspaceStorageError && error.problem === 'read-only') {
      throw new WorkspaceStorageError('read-only', databasePath, error.detail, {
        cause: error,
        message:
          `The workspace ${dir} must be upgraded (or finish its first start) before this version of LH-Bench Studio can read it, which writes to it, ` +
          `and it is read-only (${error.detail}). Nothing was changed. ` +
          `Make the folder and its ${DATABASE_FILE} writable, or copy the folder to a writable place and open the copy with --workspace DIR.`,
      });
    }
    throw error;
  }
}

/** The read-only open of an existing workspace; undefined when it first needs writing (upgrade, seed). */
function openForReading(dir: string, databasePath: string, options: OpenWorkspaceOptions): Workspace | undefined {
  let opened;
  try {
    opened = openDatabase(databasePath, undefined, { readOnly: true });
  } catch (error) {
    if (error instanceof PendingMigrationsError && options.access === 'read') return undefined;
    throw error;
  }
  const { db, schemaVersion } = opened;
  try {
    if (!databaseHasProject(db) || isSeedPending(db)) {
      if (options.access === 'read') {
        db.close();
        return undefined;
      }
      throw new WorkspaceRefusedError(`The workspace ${dir} has not finished its first start (its project or demo data is still to be written), and it was opened read-only. Nothing was changed. Open it once with lhb serve to finish it.`);
    }
    const integrity = checkWorkspaceIntegrity(db, databasePath, options.integritySyncLimitBytes);
    const blobs = new BlobStore(join(dir, 'blobs'), { readOnly: true });
    return workspaceOf(dir, databasePath, db, blobs, schemaVersion, true, integrity, []);
  } catch (error) {
    if (db.open) db.close();
    throw error;
  }
}

function openForWriting(dir: string, databasePath: string, database: 'missing' | 'empty' | 'present', options: OpenWorkspaceOptions): Workspace {
  // Everything that could refuse is decided before the first byte is written.
  if (database !== 'present') assertSeedable(dir, DATABASE_FILE, inspectWorkspaceFolder(dir, DATABASE_FILE), false);
  else assertWritable(dir, databasePath);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new Error(`Could not create the workspace folder ${dir}: ${(error as Error).message}. Choose another with --workspace DIR.`, { cause: error });
  }
  let needsSeed = false;
  // Assigned in beforeWrite: typed so that the compiler does not narrow it to undefined here.
  let integrity = undefined as IntegrityWatch | undefined;
  let opened;
  try {
    opened = openDatabase(databasePath, undefined, {
      beforeWrite: (fresh) => {
        if (database === 'present') integrity = checkWorkspaceIntegrity(fresh, databasePath, options.integritySyncLimitBytes);
        if (databaseHasProject(fresh)) return;
        if (database === 'present') assertSeedable(dir, DATABASE_FILE, inspectWorkspaceFolder(dir, DATABASE_FILE), databaseHoldsData(fresh));
        needsSeed = true;
      },
    });
  } catch (error) {
    integrity?.stop();
    throw error;
  }
  const { db, schemaVersion } = opened;
  try {
    const blobs = new BlobStore(join(dir, 'blobs'));
    const removedTempFiles = blobs.removeStaleTempFiles();
    if (needsSeed && options.emptyProject) seedEmptyWorkspace(db, options.emptyProject);
    else if (needsSeed) seedWorkspace(db, options.seedFrom ?? demoDatasetDir);
    integrity ??= checkWorkspaceIntegrity(db, databasePath, options.integritySyncLimitBytes);
    return workspaceOf(dir, databasePath, db, blobs, schemaVersion, false, integrity, removedTempFiles);
  } catch (error) {
    integrity?.stop();
    db.close();
    throw error;
  }
}

/**
 * A workspace that cannot be written is refused before SQLite opens it (SQLite would quietly open
 * the file read-only and fail at the first write). `access` asks the kernel, so it also answers
 * for read-only mounts and immutable files, where even root cannot write.
 */
function assertWritable(dir: string, databasePath: string): void {
  for (const path of [dir, databasePath, `${databasePath}-wal`, `${databasePath}-shm`]) {
    if (path !== dir && !existsSync(path)) continue;
    try {
      accessSync(path, constants.W_OK);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code === 'EROFS' ? `${path} is on a read-only disk` : `no permission to write ${path}`;
      throw new WorkspaceStorageError('read-only', databasePath, reason, { cause: error });
    }
  }
}

function workspaceOf(
  dir: string,
  databasePath: string,
  db: Database,
  blobs: BlobStore,
  schemaVersion: number,
  readOnly: boolean,
  integrity: IntegrityWatch,
  removedTempFiles: BlobTempFile[],
): Workspace {
  return {
    dir,
    databasePath,
    db,
    blobs,
    schemaVersion,
    readOnly,
    integrity,
    removedTempFiles,
    close: () => {
      integrity.stop();
      db.close();
    },
  };
}
