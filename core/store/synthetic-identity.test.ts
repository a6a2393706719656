import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readMigrationFiles } from './migrations.ts';
import { openDatabase } from './open-database.ts';
import { findRun, insertRun, SyntheticIdentityError, type NewRun } from './run-repository.ts';
import { findTask, upsertTask, type NewTask } from './task-repository.ts';

let dir: string;
let db: Database | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-synthetic-identity-'));
});

afterEach(() => {
  db?.close();
  db = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const NOW = '2025-10-10T00:00:00.000Z';
const CONFIG = '["claude-code","claude-sonnet-4-5",{"harness":"2.0.14","skill":"v2"}]';
const HEX = 'ab'.repeat(32);

const task = (id: string, synthetic?: 0 | 1): NewTask => ({
  id,
  project_id: 'p1',
  kind: 'figma',
  title: `Task ${id}`,
  instruction: '',
  chapter_id: null,
  figma_file_key: null,
  created_at: NOW,
  updated_at: NOW,
  ...(synthetic === undefined ? {} : { synthetic }),
});

const run = (id: string, taskId: string, configId: string, synthetic?: 0 | 1): NewRun => ({
  id,
  task_id: taskId,
  harness: 'claude-code',
  model: 'claude-sonnet-4-5',
  versions_json: '{"harness":"2.0.14","skill":"v2"}',
  config_id: configId,
  status: 'succeeded',
  started_at: NOW,
  finished_at: NOW,
  digest: `${id}-digest`,
  source_dir: 'test',
  imported_at: NOW,
  ...(synthetic === undefined ? {} : { synthetic }),
});

describe('migration 006 on a workspace that already holds the demo study', () => {
  it('marks the study’s tasks and runs synthetic and moves their configurations out of the real namespace', () => {
    const path = join(dir, 'old.sqlite');
    // A workspace written before 006: the synthetic study's runs were told apart only by their digest.
    const before = openDatabase(path, readMigrationFiles().filter((m) => m.version < 6));
    const insertTask = before.db.prepare(
      "INSERT INTO tasks (id, project_id, kind, title, instruction, created_at, updated_at) VALUES (?, 'p1', 'figma', ?, '', ?, ?)",
    );
    const insertRunRow = before.db.prepare(
      `INSERT INTO runs (id, task_id, harness, model, versions_json, config_id, status, started_at, finished_at, digest, source_dir, imported_at)
       VALUES (?, ?, 'claude-code', 'claude-sonnet-4-5', '{}', ?, 'succeeded', ?, ?, ?, ?, ?)`,
    );
    before.db.prepare("INSERT INTO projects (id, name, created_at) VALUES ('p1', 'Demo', ?)").run(NOW);
    insertTask.run('synthetic-task-01', 'Synthetic: Pricing page', NOW, NOW);
    insertTask.run('demo-figma-pricing', 'Pricing page', NOW, NOW);
    insertTask.run('no-runs-yet', 'Imported, no runs', NOW, NOW);
    insertRunRow.run('synthetic-run-01-claude-v2', 'synthetic-task-01', CONFIG, NOW, NOW, `synthetic:${HEX}`, 'datasets/demo/study (synthetic)', NOW);
    insertRunRow.run('real-run', 'demo-figma-pricing', CONFIG, NOW, NOW, HEX, '/bundles/bundle-02', NOW);
    before.db.close();

    // Up to 006 only: 014 recomputes every configuration id (core/store/one-configuration-migration.test.ts).
    db = openDatabase(path, readMigrationFiles().filter((m) => m.version <= 6)).db;
    expect(findRun(db, 'synthetic-run-01-claude-v2')).toMatchObject({ synthetic: 1, config_id: `synthetic:${CONFIG}` });
    expect(findRun(db, 'real-run')).toMatchObject({ synthetic: 0, config_id: CONFIG });
    expect(findTask(db, 'synthetic-task-01')).toMatchObject({ synthetic: 1 });
    expect(findTask(db, 'demo-figma-pricing')).toMatchObject({ synthetic: 0 });
    expect(findTask(db, 'no-runs-yet')).toMatchObject({ synthetic: 0 });
  });
});

describe('the store keeps synthetic and real runs apart', () => {
  beforeEach(() => {
    db = openDatabase(join(dir, 'new.sqlite')).db;
    db.prepare("INSERT INTO projects (id, name, created_at) VALUES ('p1', 'P', ?)").run(NOW);
    upsertTask(db, task('real'), []);
    upsertTask(db, task('generated', 1), []);
  });

  it('stores each kind with its own namespace', () => {
    insertRun(db!, run('r1', 'real', CONFIG), [], []);
    insertRun(db!, run('s1', 'generated', `synthetic:${CONFIG}`, 1), [], []);
    expect(findRun(db!, 'r1')).toMatchObject({ synthetic: 0, config_id: CONFIG });
    expect(findRun(db!, 's1')).toMatchObject({ synthetic: 1 });
  });

  it('refuses a real run with a synthetic configuration id or on a synthetic task, and the reverse, storing nothing', () => {
    expect(() => insertRun(db!, run('r2', 'real', `synthetic:${CONFIG}`), [], [])).toThrow(SyntheticIdentityError);
    expect(() => insertRun(db!, run('r3', 'generated', CONFIG), [], [])).toThrow(/synthetic demo task.*Nothing was stored/);
    expect(() => insertRun(db!, run('s2', 'generated', CONFIG, 1), [], [])).toThrow(/real run's namespace/);
    expect(() => insertRun(db!, run('s3', 'real', `synthetic:${CONFIG}`, 1), [], [])).toThrow(/is a real task/);
    expect((db!.prepare('SELECT count(*) AS n FROM runs').get() as { n: number }).n).toBe(0);
  });

  it('refuses the same below the repository, for any writer', () => {
    const raw = db!.prepare(
      `INSERT INTO runs (id, task_id, harness, model, versions_json, config_id, status, started_at, finished_at, digest, source_dir, imported_at, synthetic)
       VALUES (?, ?, 'h', 'm', '{}', ?, 'succeeded', '', '', ?, '', '', ?)`,
    );
    expect(() => raw.run('x1', 'real', `synthetic:${CONFIG}`, 'd1', 0)).toThrow(/synthetic run needs/);
    expect(() => raw.run('x2', 'generated', CONFIG, 'd2', 1)).toThrow(/synthetic run needs/);
    expect(() => raw.run('x3', 'generated', `synthetic:${CONFIG}`, 'd3', 0)).toThrow(/synthetic run needs/);
    insertRun(db!, run('r1', 'real', CONFIG), [], []);
    expect(() => db!.prepare("UPDATE runs SET config_id = 'synthetic:' || config_id WHERE id = 'r1'").run()).toThrow(/synthetic run needs/);
    expect(() => db!.prepare("UPDATE tasks SET synthetic = 1 WHERE id = 'real'").run()).toThrow(/has runs/);
  });

  it('never lets a real task replace a synthetic one of the same id', () => {
    expect(() => upsertTask(db!, { ...task('generated'), title: 'Imported over it' }, [])).toThrow(/synthetic demo task with the id generated.*Nothing was changed/);
    expect(findTask(db!, 'generated')).toMatchObject({ synthetic: 1, title: 'Task generated' });
    upsertTask(db!, { ...task('real'), title: 'Renamed' }, []);
    expect(findTask(db!, 'real')).toMatchObject({ synthetic: 0, title: 'Renamed' });
  });
});
