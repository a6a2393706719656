import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TrajectoryErrorSchema, TrajectorySchema } from '../../schemas/trajectory.ts';
import { commandAgentWithErrors } from './command-agent-with-errors.fixture.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

const lhb = (args: string[]) => spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args], { encoding: 'utf8', env: { ...process.env, LHB_TOOLS_DIR: join(dir, 'no-tools') }, timeout: 180_000 });

let dir: string;
let workspace: string;
let runId: string;

// A failed `ls` recovered by a passing one, and a failed build never recovered (its result five lines long; the shell's echo reads `\\n` as a line break).
const AGENT = commandAgentWithErrors('error TS2322: Type string is not assignable\\\\nline two\\\\nline three\\\\nline four\\\\nline five');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-cli-transcript-'));
  const task = join(dir, 'trend-task');
  mkdirSync(join(task, 'inputs'), { recursive: true });
  writeFileSync(join(task, 'task.json'), JSON.stringify({ id: 'trend-task', kind: 'programmatic', title: 'Explain the trend', instruction: 'One page on data.csv.' }));
  writeFileSync(join(task, 'inputs', 'data.csv'), 'year,value\n2025,2\n');
  workspace = join(dir, 'ws');
  const start = lhb(['runs', 'start', '--task', task, '--harness', 'command', '--command', AGENT, '--json', '-w', workspace]);
  expect(start.status, start.stderr).toBe(0);
  runId = (JSON.parse(start.stdout.trim().split('\n').at(-1)!) as { runs: { id: string }[] }).runs[0]!.id;
}, 240_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('lhb runs show --transcript prints each step with its calls, results’ first lines, and errors marked with their recovery', () => {
  const shown = lhb(['runs', 'show', runId, '--transcript', '-w', workspace]);
  expect(shown.status, shown.stderr).toBe(0);
  const lines = shown.stdout.trimEnd().split('\n');
  expect(lines.filter((line) => /^Step \d+ · /.test(line)).length).toBeGreaterThan(0);
  const call = (command: string) => lines.findIndex((line) => line === `  → shell  ${command}`);
  for (const command of ['ls nothing', 'ls out', 'npm run build']) expect(call(command), command).toBeGreaterThan(-1);
  expect(lines[call('ls nothing') + 1]).toMatch(/^ {4}✗ .*\[not-found error; recovered/);
  expect(lines[call('ls nothing') + 2]).toBe('    | ls: nothing: No such file or directory');
  expect(lines[call('ls out') + 1]).toBe('    | dist');
  expect(lines[call('npm run build') + 1]).toMatch(/^ {4}✗ .*\[syntax-type error; not recovered\]$/);
  // A long result shows its first lines and how many were left out.
  expect(lines.slice(call('npm run build') + 2, call('npm run build') + 6)).toEqual(['    | error TS2322: Type string is not assignable', '    | line two', '    | line three', '    | (2 more lines)']);
  expect(lines.at(-1)).toMatch(/; 2 errors, 1 recovered\.$/);
  expect(lhb(['runs', 'show', runId, '--steps', '-w', workspace]).stdout).toBe(shown.stdout);
}, 120_000);

it('lhb runs show --transcript --json gives the typed steps, and a run without a trajectory exits 1 saying so', () => {
  const json = lhb(['runs', 'show', runId, '--transcript', '--json', '-w', workspace]);
  expect(json.status, json.stderr).toBe(0);
  const { trajectory, errors } = JSON.parse(json.stdout) as { trajectory: unknown; errors: unknown };
  const steps = TrajectorySchema.parse(trajectory).steps;
  expect(steps.flatMap((step) => step.toolCalls.map((c) => (c.arguments as { command: string }).command))).toEqual(['ls nothing', 'ls out', 'npm run build']);
  expect(TrajectoryErrorSchema.array().parse(errors).map((e) => e.type)).toEqual(['not-found', 'syntax-type']);

  const demo = join(dir, 'demo');
  const listed = JSON.parse(lhb(['runs', 'list', '--task', 'demo-figma-pricing', '--json', '-w', demo]).stdout) as { id: string }[];
  const none = lhb(['runs', 'show', listed[0]!.id, '--transcript', '-w', demo]);
  expect(none.status).toBe(1);
  expect(none.stdout).toBe('');
  expect(none.stderr).toContain('has no trajectory');
}, 180_000);
