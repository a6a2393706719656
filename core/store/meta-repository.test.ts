import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteMetaValue, ensureMetaValue, readMetaValue, writeMetaValue } from './meta-repository.ts';
import { openDatabase } from './open-database.ts';

let dir: string;
let db: Database;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-meta-'));
  db = openDatabase(join(dir, 'lhb.sqlite')).db;
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the meta table', () => {
  it('reads nothing for a key never written', () => {
    expect(readMetaValue(db, 'absent')).toBeUndefined();
  });

  it('keeps the first value ensured, so a second writer reads the key it must share', () => {
    expect(ensureMetaValue(db, 'key', 'first')).toBe('first');
    expect(ensureMetaValue(db, 'key', 'second')).toBe('first');
    expect(readMetaValue(db, 'key')).toBe('first');
  });

  it('replaces a value written again, and forgets a deleted one', () => {
    writeMetaValue(db, 'key', 'first');
    writeMetaValue(db, 'key', 'second');
    expect(readMetaValue(db, 'key')).toBe('second');
    deleteMetaValue(db, 'key');
    expect(readMetaValue(db, 'key')).toBeUndefined();
    deleteMetaValue(db, 'key');
  });
});
