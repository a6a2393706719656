import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TrajectorySchema } from '../../schemas/trajectory.ts';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';
import { RARE_TOOL, recordGeneratedStudy } from './generated-runs.fixture.ts';

// Migration 027 (full-text-search) builds the index of a workspace written before it: the first
// open after it indexes every run already stored.

let dir: string;
let api: Api | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-search-migration-'));
});
afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('indexes the runs of a workspace that was written before the index existed', async () => {
  const workspaceDir = join(dir, 'workspace');
  const first = await openApi(workspaceDir, { emptyProject: { name: 'Before search' } });
  const { runIds } = recordGeneratedStudy(first.context.workspace, { studyId: 'old-study', runs: 30, steps: 150, seed: 'old' });
  const { db, blobs } = first.context.workspace;
  const called = (db.prepare('SELECT run_id, trajectory_sha256 FROM study_runs ORDER BY run_id').all() as { run_id: string; trajectory_sha256: string }[])
    .filter((row) => TrajectorySchema.parse(JSON.parse(blobs.read(row.trajectory_sha256).toString('utf8'))).steps.some((step) => step.toolCalls.some((call) => call.name === RARE_TOOL)))
    .map((row) => row.run_id);
  await first.close();

  // The database as the app before the migration left it: no index, no triggers, the migration not recorded.
  const raw = new BetterSqlite3(join(workspaceDir, 'lhb.sqlite'));
  const migration = raw.prepare("SELECT name FROM schema_migrations WHERE name LIKE '%-full-text-search.sql'").pluck().get() as string;
  expect(migration).toBeDefined();
  for (const trigger of raw.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'search\\_%' ESCAPE '\\'").pluck().all() as string[]) raw.exec(`DROP TRIGGER "${trigger}"`);
  raw.exec('DROP TABLE search_text; DROP TABLE search_runs; DROP TABLE search_pending;');
  raw.prepare('DELETE FROM schema_migrations WHERE name = ?').run(migration);
  raw.close();

  api = await openApi(workspaceDir);
  expect(api.context.workspace.db.prepare('SELECT count(*) FROM search_pending').pluck().get()).toBe(0);
  const found = await api.call('search.query', { query: RARE_TOOL, kinds: ['tool_call'], limit: 500 });
  expect(called.length).toBeGreaterThan(0);
  expect(called.length).toBeLessThan(runIds.length);
  expect([...new Set(found.hits.map((hit) => hit.runId))].sort()).toEqual(called);
  expect(found.runs).toBe(called.length);
  expect((await api.call('search.query', { query: 'dashboard', kinds: ['prompt'], limit: 1 })).runs).toBe(runIds.length);
});

it('lets a run still marked for indexing be deleted, its study run unlinked by the foreign key', async () => {
  const marked = await openApi(join(dir, 'marked'), { emptyProject: { name: 'Marked' } });
  try {
    const { db } = marked.context.workspace;
    const { runIds } = recordGeneratedStudy(marked.context.workspace, { studyId: 'marked-study', runs: 3, steps: 5, seed: 'marked' });
    const [gone] = runIds;
    db.prepare('INSERT INTO search_pending (run_id) SELECT ? WHERE ? NOT IN (SELECT run_id FROM search_pending)').run(gone, gone);
    // ON DELETE SET NULL on study_runs.run_id updates the study run under ABORT, which an OR IGNORE in a trigger would not survive.
    expect(() => db.prepare('DELETE FROM runs WHERE id = ?').run(gone)).not.toThrow();
    expect(db.prepare('SELECT count(*) FROM runs WHERE id = ?').pluck().get(gone)).toBe(0);
    expect(db.prepare('SELECT count(*) FROM search_pending WHERE run_id = ?').pluck().get(gone)).toBe(1);
  } finally {
    await marked.close();
  }
});
