import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RunSummarySchema } from '../../schemas/arena.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const lhb = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], { encoding: 'utf8', timeout: 120_000 });

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
  expect(header!.split(/\s{2,}/)).toEqual(['RUN', 'TASK', 'HARNESS / MODEL', 'STATUS', 'OUTPUT', 'ARTIFACTS', 'NOTES']);
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
  expect(real.stderr).toBe('');
}, 180_000);
