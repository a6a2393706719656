import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { RunSummarySchema } from '../../schemas/arena.ts';
import { RunsListRowSchema } from '../../schemas/runs-filter.ts';
import { seedAblationWorkspace } from '../analysis/ablation-workspace.fixture.ts';
import { seedWorkspace } from './seeded-workspace.fixture.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

const lhb = (args: string[]) => spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args], { encoding: 'utf8', timeout: 120_000 });

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-runs-list-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('lhb runs list marks the demo study’s synthetic runs, in text and in JSON', () => {
  const workspace = join(dir, 'workspace');
  const json = lhb(['runs', 'list', '--json', '-w', workspace]);
  expect(json.status).toBe(0);
  const runs = RunSummarySchema.array().parse(JSON.parse(json.stdout));
  expect(runs.filter((run) => run.synthetic).map((run) => run.taskId).every((task) => task.startsWith('synthetic-task-'))).toBe(true);
  expect(runs.filter((run) => run.synthetic)).toHaveLength(48);
  expect(runs.filter((run) => !run.synthetic)).toHaveLength(5);
  // One id per harness, real or synthetic, each run with its harness version beside its versions.
  expect([...new Set(runs.map((run) => run.harness))].sort()).toEqual(['claude-code', 'codex', 'gemini-cli']);
  expect(runs.every((run) => run.harnessVersion !== null && !('harness' in run.versions))).toBe(true);

  const text = lhb(['runs', 'list', '-w', workspace]);
  expect(text.status).toBe(0);
  const [header, ...lines] = text.stdout.trimEnd().split('\n');
  // A header row names the columns, and each column starts where its heading does.
  expect(header!.split(/\s{2,}/)).toEqual(['RUN', 'TASK', 'HARNESS / MODEL', 'STATUS', 'OUTPUT', 'STUDY', 'SCORE', 'WON', 'ARTIFACTS', 'NOTES']);
  expect(lines).toHaveLength(53);
  const statusColumn = header!.indexOf('STATUS');
  expect(lines.every((line) => line.slice(statusColumn).startsWith(runs.find((run) => line.startsWith(`${run.id} `))!.status))).toBe(true);
  const marked = lines.filter((line) => line.endsWith('  [synthetic]'));
  expect(marked).toHaveLength(48);
  expect(marked.every((line) => line.includes('synthetic-task-') && line.includes('no artifacts'))).toBe(true);
  expect(lines.filter((line) => line.includes('codex 0.46.0 / gpt-5-codex (skill v1)'))).toHaveLength(14);
  expect(text.stderr).toContain('48 of 53 runs are synthetic');

  const real = lhb(['runs', 'list', '--task', 'demo-figma-pricing', '-w', workspace]);
  expect(real.stdout).not.toContain('[synthetic]');
  expect(real.stderr).toBe('3 of 53 runs match these filters.\n');
}, 180_000);

it('lhb runs list filters and sorts by its flags, in text and in JSON, and refuses a bad value naming its flag', async () => {
  const workspace = join(dir, 'filtered');
  await seedWorkspace(workspace, seedAblationWorkspace);
  const db = new Database(join(workspace, 'lhb.sqlite'), { readonly: true });
  const byHand = (db.prepare(
    `SELECT id FROM runs r WHERE harness = 'claude-code' AND json_extract(versions_json, '$.skill') = 'v2'
       AND id IN (SELECT run_id FROM study_runs WHERE study_id = 'ablation-study')
       AND (SELECT avg(score) FROM judgments j WHERE j.run_id = r.id AND j.status = 'ok') >= 3.5 ORDER BY id`,
  ).all() as { id: string }[]).map((row) => row.id);
  const total = (db.prepare('SELECT count(*) AS n FROM runs').get() as { n: number }).n;
  db.close();

  const flags = ['--configuration', 'claude-code', '--skill-version', 'v2', '--study', 'ablation', '--score', '3.5..', '--sort', 'score:desc'];
  const json = lhb(['runs', 'list', ...flags, '--json', '-w', workspace]);
  expect(json.stderr).toBe('');
  expect(json.status).toBe(0);
  const runs = RunsListRowSchema.array().parse(JSON.parse(json.stdout));
  expect(runs.map((run) => run.id).sort()).toEqual(byHand);
  expect(runs.length).toBeGreaterThan(1);
  expect(runs.map((run) => run.meanScore)).toEqual(runs.map((run) => run.meanScore).sort((a, b) => b! - a!));
  expect(runs.every((run) => run.studyName === 'skill-ablation' && run.skillVersion === 'v2')).toBe(true);

  const text = lhb(['runs', 'list', ...flags, '-w', workspace]);
  expect(text.status).toBe(0);
  const lines = text.stdout.trimEnd().split('\n').slice(1);
  expect(lines.map((line) => line.split(' ')[0])).toEqual(runs.map((run) => run.id));
  expect(text.stderr).toContain(`${runs.length} of ${total} runs match these filters.`);

  const bad = lhb(['runs', 'list', '--score', '5..2', '--error-type', 'typo', '-w', workspace]);
  expect(bad.status).toBe(2);
  expect(bad.stdout).toBe('');
  expect(bad.stderr).toContain('--score: "5..2" runs backwards');
  expect(bad.stderr).toContain('--error-type: "typo" is not an error type');
}, 180_000);
