import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';
import { configIdOf, versionsJsonOf } from '../runs/run-configuration.ts';
import { countDemoRecords } from './demo-records.ts';
import { readMigrationFiles } from './migrations.ts';
import { openDatabase } from './open-database.ts';
import { requireCurrentProject } from './project-repository.ts';
import { insertRun } from './run-repository.ts';
import { upsertTask } from './task-repository.ts';

// Migration 023 marks the demo's records in a workspace seeded before the seed marked them: the
// same records the seed marks now, and none of a user's (their runs, on the demo's task too,
// their data room, sources and chapters).

const BEFORE = 22;
const TABLES_WITH_MARK = ['tasks', 'runs', 'data_rooms', 'sources', 'chapters'] as const;

let dir: string;
let seeded: Api;
let migrated: Api | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-demo-migration-'));
  seeded = await openApi(join(dir, 'seeded'));
  const { db } = seeded.context.workspace;
  // A user's records beside the demo's: a run on the demo's task and one on their own, a data room with a source and a chapter.
  const project = requireCurrentProject(db);
  const now = '2026-03-01T10:00:00.000Z';
  upsertTask(db, { id: 'mine', project_id: project.id, kind: 'figma', title: 'Mine', instruction: '', chapter_id: null, figma_file_key: null, created_at: now, updated_at: now }, []);
  for (const [id, task] of [['my-run-on-demo-task', 'demo-figma-pricing'], ['my-run', 'mine']] as const) {
    insertRun(db, { id, task_id: task, harness: 'codex', model: 'gpt-5-codex', versions_json: versionsJsonOf({ skill: 'v1' }), config_id: configIdOf('codex', 'gpt-5-codex', { skill: 'v1' }), status: 'succeeded', started_at: now, finished_at: now, digest: `d-${id}`, source_dir: join(dir, 'my-bundles', id), imported_at: now }, [], []);
  }
  const room = await seeded.call('dataRooms.create', { title: 'My room' });
  writeFileSync(join(dir, 'dashboard-brief.md'), '# My own brief\n\nSame file name as the demo’s, in my room.\n');
  await seeded.call('sources.importPaths', { dataRoomId: room.id, paths: [join(dir, 'dashboard-brief.md')] });
  await seeded.context.jobs.idle();
  await seeded.call('chapters.create', { dataRoomId: room.id, title: 'Weekly trend with a marked partial week' });
}, 120_000);

afterAll(async () => {
  await migrated?.close();
  await seeded?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The seeded workspace as the app before migration 023 would have left it: every row copied into a schema-22 database. */
function asBeforeMigration(): string {
  const old = join(dir, 'old');
  mkdirSync(old);
  cpSync(join(dir, 'seeded', 'blobs'), join(old, 'blobs'), { recursive: true });
  const { db } = openDatabase(join(old, 'lhb.sqlite'), readMigrationFiles().slice(0, BEFORE));
  db.pragma('foreign_keys = OFF');
  db.prepare('ATTACH DATABASE ? AS seeded').run(seeded.context.workspace.databasePath);
  const tables = db.prepare("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('schema_migrations', 'analysis_inputs')").pluck().all() as string[];
  for (const table of tables) {
    const columns = (db.prepare(`SELECT name FROM pragma_table_info(?, 'main')`).pluck().all(table) as string[]).map((name) => `"${name}"`).join(', ');
    db.exec(`INSERT INTO main."${table}" (${columns}) SELECT ${columns} FROM seeded."${table}"`);
  }
  db.exec('DETACH DATABASE seeded');
  db.close();
  return old;
}

const marked = (db: BetterSqlite3.Database) =>
  Object.fromEntries(TABLES_WITH_MARK.map((table) => [table, db.prepare(`SELECT id FROM ${table} WHERE demo = 1 ORDER BY id`).pluck().all() as string[]]));

describe('migration 023 on a workspace seeded before it', () => {
  it("marks exactly what the seed marks, and none of the user's records", async () => {
    const seededDb = seeded.context.workspace.db;
    const seedMarks = marked(seededDb);
    expect(seedMarks.runs).toHaveLength(53);
    expect(seedMarks.sources).toHaveLength(4);
    expect(seedMarks.chapters).toHaveLength(3);
    const old = asBeforeMigration();
    const before = new BetterSqlite3(join(old, 'lhb.sqlite'), { readonly: true });
    expect(before.prepare("SELECT count(*) FROM pragma_table_info('runs') WHERE name = 'demo'").pluck().get()).toBe(0);
    before.close();

    migrated = await openApi(old);
    const db = migrated.context.workspace.db;
    expect(migrated.context.workspace.schemaVersion).toBeGreaterThanOrEqual(23);
    expect(marked(db)).toEqual(seedMarks);
    for (const id of ['my-run-on-demo-task', 'my-run']) expect(db.prepare('SELECT demo FROM runs WHERE id = ?').pluck().get(id)).toBe(0);
    expect(db.prepare("SELECT count(*) FROM sources s JOIN data_rooms r ON r.id = s.data_room_id WHERE r.title = 'My room' AND s.demo = 0").pluck().get()).toBe(1);
    expect(db.prepare("SELECT count(*) FROM chapters c JOIN data_rooms r ON r.id = c.data_room_id WHERE r.title = 'My room' AND c.demo = 0").pluck().get()).toBe(1);
    expect(countDemoRecords(db)).toEqual(countDemoRecords(seededDb));
  });
});
