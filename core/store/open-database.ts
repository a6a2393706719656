import { readFileSync, statSync } from 'node:fs';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { migrate, pendingMigrations, readMigrationFiles, type MigrationFile } from './migrations.ts';
import { asWorkspaceStorageError, BUSY_TIMEOUT_MS } from './storage-error.ts';

export interface OpenedDatabase {
  db: Database;
  schemaVersion: number;
}

export interface OpenDatabaseOptions {
  /**
   * Open without writing anything: the file must exist, the journal mode is left as it is and no
   * migration runs (a database that needs one raises PendingMigrationsError).
   */
  readOnly?: boolean;
  /**
   * Runs on the new connection before anything is written (journal mode, migrations). Throwing
   * stops the open, and the file is left as it was.
   */
  beforeWrite?: (db: Database) => void;
}

/** A read-only open found migrations still to apply: upgrading would write, so nothing was done. */
export class PendingMigrationsError extends Error {
  override name = 'PendingMigrationsError';
  constructor(
    readonly databasePath: string,
    readonly appliedVersion: number,
    readonly neededVersion: number,
  ) {
    super(
      `The workspace database ${databasePath} is at schema version ${appliedVersion} and this LH-Bench Studio needs version ${neededVersion}. ` +
        `Upgrading writes to it, and it was opened read-only, so nothing was changed. ` +
        `Open it once with a command that writes (e.g. lhb serve) from an account that may write to it, then read it again.`,
    );
  }
}

/**
 * Opens (creating if needed) a workspace database with the pragmas every connection needs,
 * then brings its schema up to date.
 *
 * WAL with synchronous=NORMAL is durable against the process being killed at any point: a
 * transaction that returned has reached the WAL in the OS, and SQLite replays or discards
 * the WAL tail on the next open. (Power loss could lose the last transactions; that is the
 * documented trade for NORMAL and the same as every desktop SQLite app.)
 *
 * A damaged, unreadable or unwritable file is reported as a WorkspaceStorageError that names the
 * workspace folder and what to do.
 */
export function openDatabase(path: string, migrations: MigrationFile[] = readMigrationFiles(), options: OpenDatabaseOptions = {}): OpenedDatabase {
  if (options.readOnly) return openReadOnly(path, migrations);
  let db: Database;
  try {
    db = new BetterSqlite3(path);
  } catch (error) {
    throw asWorkspaceStorageError(error, path) ?? new Error(`Could not open the workspace database ${path}: ${(error as Error).message}. Check that the folder exists and is writable.`, { cause: error });
  }
  try {
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    options.beforeWrite?.(db);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    const schemaVersion = migrate(db, migrations, path);
    return { db, schemaVersion };
  } catch (error) {
    db.close();
    throw asWorkspaceStorageError(error, path) ?? error;
  }
}

function openReadOnly(path: string, migrations: MigrationFile[]): OpenedDatabase {
  try {
    return checkedReadOnly(new BetterSqlite3(path, { readonly: true, fileMustExist: true }), path, migrations);
  } catch (error) {
    if (!needsSharedMemoryFile(error) || walBytes(path) > 0) throw asWorkspaceStorageError(error, path) ?? error;
  }
  // A WAL database needs its -shm file beside it, which a read-only folder cannot hold. With no
  // log to replay (-wal missing or empty) the file alone is the whole database, and no process
  // can be writing it (it could not create the log), so a copy in memory reads exactly the same.
  // (In memory there is no WAL: bytes 18-19 of the header, the file format versions, say 2 for
  // WAL and are set to 1, the rollback journal's, which changes nothing about the data.)
  try {
    const bytes = readFileSync(path);
    if (bytes.length >= 20 && bytes[18] === 2 && bytes[19] === 2) bytes.fill(1, 18, 20);
    return checkedReadOnly(new BetterSqlite3(bytes, { readonly: true }), path, migrations);
  } catch (error) {
    throw asWorkspaceStorageError(error, path) ?? error;
  }
}

function checkedReadOnly(db: Database, path: string, migrations: MigrationFile[]): OpenedDatabase {
  try {
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const pending = pendingMigrations(db, migrations, path);
    if (pending.length > 0) throw new PendingMigrationsError(path, migrations.length - pending.length, migrations.length);
    return { db, schemaVersion: migrations.length };
  } catch (error) {
    db.close();
    throw error;
  }
}

function needsSharedMemoryFile(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_READONLY_DIRECTORY' || code === 'SQLITE_READONLY_CANTINIT' || code === 'SQLITE_CANTOPEN';
}

function walBytes(path: string): number {
  try {
    return statSync(`${path}-wal`).size;
  } catch {
    return 0;
  }
}
