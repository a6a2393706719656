import type { Database } from 'better-sqlite3';
import { prepared } from './statement-cache.ts';

// The `meta` table: one text value per key, for facts about the workspace itself (a first start
// still pending, the export's pseudonym key, the Slurm settings last used). Each key's meaning
// belongs to the room that writes it; the SQL is here.

export function readMetaValue(db: Database, key: string): string | undefined {
  return (prepared(db, 'SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
}

/** Stores `value` unless the key already has one; returns the value the key holds afterwards. */
export function ensureMetaValue(db: Database, key: string, value: string): string {
  prepared(db, 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING').run(key, value);
  return readMetaValue(db, key) as string;
}

/** Stores `value` under the key, replacing what it held. */
export function writeMetaValue(db: Database, key: string, value: string): void {
  prepared(db, 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}

export function deleteMetaValue(db: Database, key: string): void {
  prepared(db, 'DELETE FROM meta WHERE key = ?').run(key);
}

/** Stores `value` under the key only if the key is still there (a step another process may have finished meanwhile). */
export function updateMetaValue(db: Database, key: string, value: string): void {
  prepared(db, 'UPDATE meta SET value = ? WHERE key = ?').run(value, key);
}
