import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from 'better-sqlite3';
import { writeTransaction } from './write-transaction.ts';

export interface MigrationFile {
  version: number;
  name: string;
  sql: string;
  sha256: string;
}

/** Raised when the database and the app's migrations disagree; start-up stops here. */
export class MigrationDriftError extends Error {
  override name = 'MigrationDriftError';
}

const FILE_PATTERN = /^(\d{3})-([a-z0-9-]+)\.sql$/;

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

export function readMigrationFiles(dir: string = MIGRATIONS_DIR): MigrationFile[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
  const migrations = files.map((file, index) => {
    const match = FILE_PATTERN.exec(file);
    if (!match) {
      throw new Error(`Migration file ${join(dir, file)} must be named NNN-name.sql (e.g. 002-add-votes.sql).`);
    }
    const version = Number(match[1]);
    if (version !== index + 1) {
      throw new Error(`Migrations in ${dir} must be numbered 001, 002, … without gaps; found ${file} at position ${index + 1}.`);
    }
    // Hash with LF line endings so a CRLF checkout of the same migration is not "edited".
    const sql = readFileSync(join(dir, file), 'utf8').replace(/\r\n/g, '\n');
    return { version, name: file, sql, sha256: sha256Hex(sql) };
  });
  return migrations;
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

interface AppliedRow {
  version: number;
  name: string;
  sha256: string;
}

/**
 * The migrations this database still needs, after checking that every migration already applied
 * is still the same file (by SHA-256) and that the database is not newer than this app. Reads
 * only, so a read-only open can ask too; a database without the bookkeeping table needs them all.
 */
export function pendingMigrations(db: Database, migrations: MigrationFile[], databasePath: string): MigrationFile[] {
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get() !== undefined;
  const applied = hasTable ? (db.prepare('SELECT version, name, sha256 FROM schema_migrations ORDER BY version').all() as AppliedRow[]) : [];
  const byVersion = new Map(migrations.map((m) => [m.version, m]));
  for (const row of applied) {
    const known = byVersion.get(row.version);
    if (!known) {
      throw new MigrationDriftError(
        `The workspace database ${databasePath} was written by a newer LH-Bench Studio (it has migration ${row.name}, ` +
          `this app knows up to ${migrations.length}). Nothing was changed. Update the app, or open another workspace with --workspace DIR.`,
      );
    }
    if (known.sha256 !== row.sha256 || known.name !== row.name) {
      throw new MigrationDriftError(
        `Migration ${row.name} was edited after it was applied to ${databasePath} ` +
          `(recorded sha256 ${row.sha256.slice(0, 12)}…, file now ${known.sha256.slice(0, 12)}…). ` +
          `Nothing was changed. Restore the original migration file and put the change in a new migration.`,
      );
    }
  }
  const appliedVersions = new Set(applied.map((row) => row.version));
  return migrations.filter((m) => !appliedVersions.has(m.version));
}

/**
 * Applies pending migrations (see `pendingMigrations` for the checks made first), each in its own
 * transaction. Returns the schema version now in force.
 */
export function migrate(db: Database, migrations: MigrationFile[], databasePath: string): number {
  const pending = pendingMigrations(db, migrations, databasePath);
  if (pending.length === 0) return migrations.length;
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    sha256     TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  const insert = db.prepare('INSERT INTO schema_migrations (version, name, sha256, applied_at) VALUES (?, ?, ?, ?)');
  for (const migration of pending) {
    writeTransaction(db, () => {
      db.exec(migration.sql);
      insert.run(migration.version, migration.name, migration.sha256, new Date().toISOString());
    })();
  }
  return migrations.length;
}
