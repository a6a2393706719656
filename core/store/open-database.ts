import BetterSqlite3, { type Database } from 'better-sqlite3';
import { migrate, readMigrationFiles, type MigrationFile } from './migrations.ts';

export interface OpenedDatabase {
  db: Database;
  schemaVersion: number;
}

/**
 * Opens (creating if needed) a workspace database with the pragmas every connection needs,
 * then brings its schema up to date.
 *
 * WAL with synchronous=NORMAL is durable against the process being killed at any point: a
 * transaction that returned has reached the WAL in the OS, and SQLite replays or discards
 * the WAL tail on the next open. (Power loss could lose the last transactions; that is the
 * documented trade for NORMAL and the same as every desktop SQLite app.)
 */
export function openDatabase(path: string, migrations: MigrationFile[] = readMigrationFiles()): OpenedDatabase {
  let db: Database;
  try {
    db = new BetterSqlite3(path);
  } catch (error) {
    throw new Error(`Could not open the workspace database ${path}: ${(error as Error).message}. Check that the folder exists and is writable.`, { cause: error });
  }
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const schemaVersion = migrate(db, migrations, path);
    return { db, schemaVersion };
  } catch (error) {
    db.close();
    if (error instanceof Error && /file is not a database|malformed/i.test(error.message)) {
      throw new Error(`${path} is not a readable LH-Bench Studio database (${error.message}). It was not modified; move it aside or open another workspace with --workspace DIR.`, { cause: error });
    }
    throw error;
  }
}
