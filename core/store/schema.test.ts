import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase } from './open-database.ts';

interface SchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-schema-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The schema a fresh workspace gets, as text. A change here must be deliberate: add a migration,
 * then update the snapshot with `npx vitest run core/store/schema.test.ts -u` and review the diff.
 */
it('gives a fresh database exactly the expected schema', async () => {
  const { db } = openDatabase(join(dir, 'schema.sqlite'));
  let objects: SchemaObject[];
  try {
    objects = db
      .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name")
      .all() as SchemaObject[];
  } finally {
    db.close();
  }
  expect(objects.length).toBeGreaterThan(0);
  const text = objects.map((o) => `-- ${o.type} ${o.name} on ${o.tbl_name}\n${o.sql ?? '-- (no sql)'};\n`).join('\n');
  await expect(text).toMatchFileSnapshot('./__snapshots__/schema.sql');
});
