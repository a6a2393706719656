import type { Database } from 'better-sqlite3';
import { SEARCH_INDEX_TABLES } from './search-repository.ts';

/** Tables that hold bookkeeping, not a user's work: rows there do not make a database "used". */
// The analysis's write count and its stored reports are derived from the rest, never a user's work of their own.
// So is the search index (migration 027: its tables and FTS5's own), rebuilt from the rest.
const BOOKKEEPING_TABLES = new Set(['schema_migrations', 'meta', 'analysis_inputs', 'analysis_reports', ...SEARCH_INDEX_TABLES]);

/**
 * Whether the database holds anything of a user's: a project, or any row outside the
 * bookkeeping tables. Reads only, and works on a database of any schema version (or none),
 * so it can run before migrations decide anything.
 */
export function databaseHoldsData(db: Database): boolean {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
  return tables.some((table) => !BOOKKEEPING_TABLES.has(table) && db.prepare(`SELECT EXISTS (SELECT 1 FROM "${table.replaceAll('"', '""')}") AS used`).pluck().get() === 1);
}

/** Whether the database has a project (the table may not exist yet in a database no migration reached). */
export function databaseHasProject(db: Database): boolean {
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'projects'").get() !== undefined;
  return hasTable && db.prepare('SELECT EXISTS (SELECT 1 FROM projects) AS found').pluck().get() === 1;
}
