import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, MigrationDriftError, readMigrationFiles } from './migrations.ts';
import { openDatabase } from './open-database.ts';

interface MigrationRow {
  version: number;
  name: string;
  sha256: string;
  applied_at: string;
}

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-migrations-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A private copy of the app's migrations that a test may edit or extend. */
function copyMigrations(): string {
  const copy = join(dir, 'migrations');
  cpSync(MIGRATIONS_DIR, copy, { recursive: true });
  return copy;
}

/** The file name the next migration after the app's own would take, e.g. `002-name.sql`. */
function nextMigrationName(name: string): string {
  return `${String(readMigrationFiles().length + 1).padStart(3, '0')}-${name}.sql`;
}

/** Reads a database without migrating or otherwise touching it. */
function readRaw<T>(path: string, read: (db: BetterSqlite3.Database) => T): T {
  const db = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const migrationRows = (db: BetterSqlite3.Database) =>
  db.prepare('SELECT version, name, sha256, applied_at FROM schema_migrations ORDER BY version').all() as MigrationRow[];

const tableNames = (db: BetterSqlite3.Database) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);

describe('migrations', () => {
  it('applies every migration to a fresh database, records name and sha256, and applies nothing on reopen', () => {
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
    expect(files.length).toBeGreaterThan(0);
    const dbPath = join(dir, 'fresh.sqlite');

    const first = openDatabase(dbPath);
    expect(first.schemaVersion).toBe(files.length);
    const rows = migrationRows(first.db);
    first.db.close();

    expect(rows.map((r) => r.name)).toEqual(files);
    expect(rows.map((r) => r.version)).toEqual(files.map((_, i) => i + 1));
    for (const row of rows) {
      const expected = createHash('sha256').update(readFileSync(join(MIGRATIONS_DIR, row.name), 'utf8'), 'utf8').digest('hex');
      expect(row.sha256).toBe(expected);
      expect(Number.isNaN(Date.parse(row.applied_at))).toBe(false);
    }
    // The tables of 001 are there.
    const tables = readRaw(dbPath, tableNames);
    expect(tables).toEqual(expect.arrayContaining(['meta', 'projects', 'blobs', 'sources', 'jobs', 'schema_migrations']));

    const second = openDatabase(dbPath);
    expect(second.schemaVersion).toBe(files.length);
    const rowsAfterReopen = migrationRows(second.db);
    second.db.close();
    expect(rowsAfterReopen).toEqual(rows);
  });

  it('refuses to start when an applied migration was edited afterwards, and leaves the database unchanged', () => {
    const migrationsDir = copyMigrations();
    const dbPath = join(dir, 'drift.sqlite');
    const opened = openDatabase(dbPath, readMigrationFiles(migrationsDir));
    opened.db.prepare("INSERT INTO projects (id, name, created_at) VALUES ('p1', 'Kept project', '2024-01-01T00:00:00.000Z')").run();
    const rowsBefore = migrationRows(opened.db);
    opened.db.close();

    const original = readFileSync(join(migrationsDir, '001-initial.sql'), 'utf8');
    appendFileSync(join(migrationsDir, '001-initial.sql'), '\n-- an innocent-looking edit\n');

    let thrown: unknown;
    try {
      openDatabase(dbPath, readMigrationFiles(migrationsDir));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MigrationDriftError);
    const message = (thrown as Error).message;
    expect(message).toContain('001-initial.sql');
    expect(message).toMatch(/was edited after it was applied/);
    expect(message).toContain(dbPath);

    // Nothing changed: same migration rows, same data, still readable.
    readRaw(dbPath, (db) => {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(migrationRows(db)).toEqual(rowsBefore);
      expect(db.prepare('SELECT id, name FROM projects').all()).toEqual([{ id: 'p1', name: 'Kept project' }]);
    });

    // The remedy the message gives works: restore the file and the database opens again.
    writeFileSync(join(migrationsDir, '001-initial.sql'), original);
    const reopened = openDatabase(dbPath, readMigrationFiles(migrationsDir));
    expect(migrationRows(reopened.db)).toEqual(rowsBefore);
    reopened.db.close();
  });

  it('refuses a database written by a newer version of the app', () => {
    const newerDir = copyMigrations();
    const future = nextMigrationName('add-widgets');
    writeFileSync(join(newerDir, future), 'CREATE TABLE widgets (id TEXT PRIMARY KEY) STRICT;\n');
    const dbPath = join(dir, 'newer.sqlite');
    const newer = openDatabase(dbPath, readMigrationFiles(newerDir));
    const thisApp = readMigrationFiles();
    expect(newer.schemaVersion).toBe(thisApp.length + 1);
    const rowsBefore = migrationRows(newer.db);
    newer.db.close();

    // This app does not know the newer migration.
    expect(() => openDatabase(dbPath, thisApp)).toThrow(MigrationDriftError);
    expect(() => openDatabase(dbPath, thisApp)).toThrow(new RegExp(`written by a newer LH-Bench Studio.*${future.replace('.', '\\.')}`));

    readRaw(dbPath, (db) => {
      expect(migrationRows(db)).toEqual(rowsBefore);
      expect(tableNames(db)).toContain('votes');
    });
  });

  it('rejects a badly named migration file with a message naming it', () => {
    const migrationsDir = copyMigrations();
    writeFileSync(join(migrationsDir, '2-add-votes.sql'), 'SELECT 1;\n');
    expect(() => readMigrationFiles(migrationsDir)).toThrow(/2-add-votes\.sql must be named NNN-name\.sql/);

    rmSync(join(migrationsDir, '2-add-votes.sql'));
    writeFileSync(join(migrationsDir, '002-Add_Votes.sql'), 'SELECT 1;\n');
    expect(() => readMigrationFiles(migrationsDir)).toThrow(/002-Add_Votes\.sql must be named NNN-name\.sql/);
  });

  it('rejects a gap in migration numbering with a message naming the file', () => {
    const migrationsDir = copyMigrations();
    const known = readMigrationFiles().length;
    const skipped = `${String(known + 2).padStart(3, '0')}-skipped-one.sql`;
    writeFileSync(join(migrationsDir, skipped), 'SELECT 1;\n');
    expect(() => readMigrationFiles(migrationsDir)).toThrow(`without gaps; found ${skipped} at position ${known + 1}`);
  });

  it('rolls back a migration that fails midway, keeping the migrations before it', () => {
    const migrationsDir = copyMigrations();
    const broken = nextMigrationName('broken'); // 002-broken.sql while the app has one migration
    writeFileSync(
      join(migrationsDir, broken),
      'CREATE TABLE half_done (id INTEGER PRIMARY KEY) STRICT;\nINSERT INTO half_done (id) VALUES (1);\nTHIS IS NOT SQL;\n',
    );
    const dbPath = join(dir, 'broken.sqlite');
    const appNames = readMigrationFiles().map((m) => m.name);
    expect(appNames[0]).toBe('001-initial.sql');
    expect(() => openDatabase(dbPath, readMigrationFiles(migrationsDir))).toThrow(/syntax error/);

    readRaw(dbPath, (db) => {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const tables = tableNames(db);
      expect(tables).not.toContain('half_done');
      expect(tables).toContain('projects'); // 001 was applied and kept
      expect(migrationRows(db).map((r) => r.name)).toEqual(appNames);
    });

    // Fixing the migration lets the next start apply it.
    writeFileSync(join(migrationsDir, broken), 'CREATE TABLE half_done (id INTEGER PRIMARY KEY) STRICT;\n');
    const fixed = openDatabase(dbPath, readMigrationFiles(migrationsDir));
    expect(migrationRows(fixed.db).map((r) => r.name)).toEqual([...appNames, broken]);
    fixed.db.close();
  });

  it('treats a CRLF checkout of a migration as the same file, not an edited one', () => {
    const dir = copyMigrations();
    const dbPath = join(dir, 'crlf.sqlite');
    openDatabase(dbPath, readMigrationFiles(dir)).db.close();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
      const path = join(dir, file);
      writeFileSync(path, readFileSync(path, 'utf8').replace(/\n/g, '\r\n'));
    }
    expect(() => openDatabase(dbPath, readMigrationFiles(dir)).db.close()).not.toThrow();
  });
});
