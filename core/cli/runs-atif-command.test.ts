import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { commandAgentWithErrors } from './command-agent-with-errors.fixture.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

const lhb = (args: string[]) => spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args], { encoding: 'utf8', env: { ...process.env, LHB_TOOLS_DIR: join(dir, 'no-tools') }, timeout: 120_000 });

let dir: string;
let task: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-cli-atif-'));
  task = join(dir, 'trend-task');
  mkdirSync(join(task, 'inputs'), { recursive: true });
  writeFileSync(join(task, 'task.json'), JSON.stringify({ id: 'trend-task', kind: 'programmatic', title: 'Explain the trend', instruction: 'One page on data.csv.' }));
  writeFileSync(join(task, 'inputs', 'data.csv'), 'year,value\n2025,2\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// A failed `ls` recovered by a passing one, and a failed build never recovered.
const AGENT = commandAgentWithErrors();

type Shown = { trajectory: unknown; errors: unknown[]; harness: string; harnessVersion: string | null };

describe('lhb runs export-atif', () => {
  it('an executed run exported as ATIF and imported into another workspace shows the same trajectory summary, errors and recoveries', () => {
    const here = join(dir, 'ws-here');
    const start = lhb(['runs', 'start', '--task', task, '--harness', 'command', '--command', AGENT, '--json', '-w', here]);
    expect(start.status, start.stderr).toBe(0);
    const runId = (JSON.parse(start.stdout.trim().split('\n').at(-1)!) as { runs: { id: string }[] }).runs[0]!.id;
    const original = JSON.parse(lhb(['runs', 'show', runId, '--json', '-w', here]).stdout) as Shown;
    expect(original.errors).toEqual([
      { step: 1, type: 'not-found', message: expect.any(String), recovered: true, recoveredAtStep: 1 },
      { step: 1, type: 'syntax-type', message: expect.any(String), recovered: false, recoveredAtStep: null },
    ]);

    // Elsewhere: the task, and a bundle of the exported trajectory beside a run.json.
    const bundle = join(dir, 'exported');
    mkdirSync(bundle);
    const exported = lhb(['runs', 'export-atif', runId, '--out', join(bundle, 'trajectory.json'), '-w', here]);
    expect(exported.status, exported.stderr).toBe(0);
    expect(exported.stderr).toContain(`Wrote run ${runId}'s trajectory as ATIF to ${join(bundle, 'trajectory.json')}.`);
    const atif = JSON.parse(readFileSync(join(bundle, 'trajectory.json'), 'utf8')) as { schema_version: string; agent: { name: string } };
    expect(atif.schema_version).toMatch(/^ATIF-v1\.\d+$/);
    expect(atif.agent.name).toBe('command');
    writeFileSync(join(bundle, 'run.json'), JSON.stringify({ task_id: 'trend-task', harness: 'command', model: 'scripted', versions: {}, started_at: '2025-11-03T12:00:00Z', finished_at: '2025-11-03T12:01:00Z', status: 'succeeded' }));
    const there = join(dir, 'ws-there');
    const imported = lhb(['runs', 'import', task, bundle, '--json', '-w', there]);
    expect(imported.status, imported.stderr).toBe(0);
    const outcome = imported.stdout.trim().split('\n').map((line) => JSON.parse(line) as { kind: string; id: string }).find((o) => o.kind === 'run')!;
    const copy = JSON.parse(lhb(['runs', 'show', outcome.id, '--json', '-w', there]).stdout) as Shown;
    expect(copy.trajectory).toEqual(original.trajectory);
    expect(copy.errors).toEqual(original.errors);
    expect(copy.harnessVersion).toBe('9.9');

    // Stdout without --out; a run without a trajectory is refused, naming it.
    // The same file, but for the run's duration: the imported run's is its run.json's span (one minute).
    const written = JSON.parse(readFileSync(join(bundle, 'trajectory.json'), 'utf8')) as { extra: { lhb: Record<string, unknown> } };
    written.extra.lhb.run_duration_ms = 60_000;
    expect(JSON.parse(lhb(['runs', 'export-atif', outcome.id, '-w', there]).stdout)).toEqual(written);
    const missing = lhb(['runs', 'export-atif', 'no-such-run', '-w', there]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('No run no-such-run in this workspace');
  }, 240_000);
});
