import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RunComparisonSchema } from '../../schemas/run-comparison.ts';
import { DIVERGING_AGENTS } from '../runs/compare/diverging-agents.fixture.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

const lhb = (args: string[]) => spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args], { encoding: 'utf8', env: { ...process.env, LHB_TOOLS_DIR: join(dir, 'no-tools') }, timeout: 180_000 });

let dir: string;
let workspace: string;
let task: string;
const ids: { a: string; b: string } = { a: '', b: '' };

function startRun(command: string, name: string): string {
  const start = lhb(['runs', 'start', '--task', task, '--harness', 'command', '--command', command, '--name', name, '--json', '-w', workspace]);
  expect(start.status, start.stderr).toBe(0);
  return (JSON.parse(start.stdout.trim().split('\n').at(-1)!) as { runs: { id: string }[] }).runs[0]!.id;
}

// Two real runs of one task by the engine, parting at step 2 (DIVERGING_AGENTS).
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-cli-compare-'));
  task = join(dir, 'trend-task');
  mkdirSync(join(task, 'inputs'), { recursive: true });
  writeFileSync(join(task, 'task.json'), JSON.stringify({ id: 'trend-task', kind: 'programmatic', title: 'Explain the trend', instruction: 'One page on data.csv.' }));
  writeFileSync(join(task, 'inputs', 'data.csv'), 'year,value\n2025,2\n');
  workspace = join(dir, 'ws');
  ids.a = startRun(DIVERGING_AGENTS.a, 'compare A');
  ids.b = startRun(DIVERGING_AGENTS.b, 'compare B');
}, 360_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('lhb runs compare --json aligns the steps and marks the step where the two runs part, with their out/ files diffed', () => {
  const shown = lhb(['runs', 'compare', ids.a, ids.b, '--json', '-w', workspace]);
  expect(shown.status, shown.stderr).toBe(0);
  const comparison = RunComparisonSchema.parse(JSON.parse(shown.stdout));
  expect(comparison.sameTask).toBe(true);
  expect(comparison.warnings).toEqual([]);
  expect(comparison.rows.map((row) => row.kind)).toEqual(['same', 'changed', 'same']);
  const { divergence } = comparison;
  expect(divergence).toEqual({ row: 1, a: 1, b: 1 });
  const command = (steps: typeof comparison.stepsA, at: number) => steps[at]!.toolCalls.map((call) => call.target).join();
  expect(command(comparison.stepsA, divergence!.a!)).toBe(DIVERGING_AGENTS.divergentCommands.a);
  expect(command(comparison.stepsB, divergence!.b!)).toBe(DIVERGING_AGENTS.divergentCommands.b);

  const byPath = new Map(comparison.files.map((file) => [file.path, file]));
  expect(byPath.get('dist/notes-a.txt')?.change).toBe('removed');
  expect(byPath.get('dist/notes-b.txt')?.change).toBe('added');
  const page = byPath.get('dist/index.html')!;
  expect(page.change).toBe('changed');
  expect(page.unified!.split('\n')).toEqual(['@@ -1,3 +1,3 @@', ' <h1>Trend</h1>', '-<p>It rises.</p>', '+<p>It falls.</p>', ' <footer>end</footer>']);
  expect([comparison.a.errors.length, comparison.b.errors.length]).toEqual([1, 1]);
}, 120_000);

it('lhb runs compare prints the figures side by side, the first divergence with both steps, and the files that changed', () => {
  const shown = lhb(['runs', 'compare', ids.a.slice(0, 8), ids.b.slice(0, 8), '-w', workspace]);
  expect(shown.status, shown.stderr).toBe(0);
  const lines = shown.stdout.split('\n');
  expect(lines[0]).toBe('Comparing two runs of task trend-task (Explain the trend)');
  expect(lines.find((line) => line.startsWith('Steps '))).toMatch(/^Steps\s+3\s+3$/);
  const at = lines.findIndex((line) => line.startsWith('First divergence'));
  expect(lines[at]).toBe('First divergence, at aligned row 2: Step 2 of A and step 2 of B do different things.');
  expect(lines[at + 1]).toBe('  A step 2 · agent: shell ls out');
  expect(lines[at + 2]).toBe('  B step 2 · agent: shell cat data.csv');
  expect(shown.stdout).toContain('Steps aligned: 2 alike, 1 different, 0 only in A, 0 only in B.');
  expect(shown.stdout).toMatch(/changed\s+dist\/index\.html\s+\+1 −1 lines/);
  expect(shown.stdout).toMatch(/added\s+dist\/notes-b\.txt\s+only in B, 12 B/);
  expect(shown.stdout).toContain('Scores: neither run has been judged.');
}, 120_000);

it('a run compared with itself, or one the workspace lacks, is refused naming which', () => {
  const same = lhb(['runs', 'compare', ids.a, ids.a, '-w', workspace]);
  expect(same.status).not.toBe(0);
  expect(same.stderr).toContain('pick two different runs');
  const missing = lhb(['runs', 'compare', ids.a, 'zzzzzzzz', '-w', workspace]);
  expect(missing.status).not.toBe(0);
  expect(missing.stderr).toMatch(/zzzzzzzz/);
}, 120_000);
