import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { durationText } from '../../schemas/run-duration.ts';
import { HARNESS_ADAPTERS, harnessIdsInWords, installableHarnesses } from '../runs/harnesses/harness-registry.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

const TWO_STEPS = fileURLToPath(new URL('../runs/harnesses/command/fixtures/two-steps-recovered.jsonl', import.meta.url));
const lhb = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args], { encoding: 'utf8', env: { ...process.env, LHB_TOOLS_DIR: join(dir, 'no-tools'), ...env }, timeout: 120_000 });

let dir: string;
let ws: string;
let task: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-cli-runs-'));
  ws = join(dir, 'ws');
  task = join(dir, 'trend-task');
  mkdirSync(join(task, 'inputs'), { recursive: true });
  writeFileSync(join(task, 'task.json'), JSON.stringify({ id: 'trend-task', kind: 'programmatic', title: 'Explain the trend', instruction: 'One page on data.csv.' }));
  writeFileSync(join(task, 'inputs', 'data.csv'), 'year,value\n2025,2\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const BUILD = `mkdir -p out/dist && cat data.csv > out/dist/index.html && echo '{"type":"tool_call","name":"shell","arguments":{"command":"ls nothing"}}' && echo '{"type":"tool_result","result":"ls: nothing: No such file or directory","exitCode":2}' && echo '{"type":"tool_call","name":"shell","arguments":{"command":"ls out"}}' && echo '{"type":"tool_result","result":"dist","exitCode":0}'`;

// Each test spawns lhb through tsx several times; on a loaded two-core machine that alone can pass the default 20 s.
describe('lhb runs start / status / show', { timeout: 120_000 }, () => {
  it('runs a study from a task folder with --json, ending with {studyId, runs}; show and status report it', () => {
    const start = lhb(['runs', 'start', '--task', task, '--harness', 'command', '--command', BUILD, '--repeats', '2', '--json', '-w', ws]);
    expect(start.stderr).toBe('');
    expect(start.status).toBe(0);
    const lines = start.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const last = lines.at(-1) as { studyId: string; runs: { id: string; status: string }[] };
    expect(last.runs).toHaveLength(2);
    expect(last.runs.every((run) => run.status === 'succeeded')).toBe(true);
    expect(lines.slice(0, -1).every((line) => line.type === 'run')).toBe(true);

    const show = lhb(['runs', 'show', last.runs[0]!.id, '--json', '-w', ws]);
    expect(show.status).toBe(0);
    const run = JSON.parse(show.stdout) as Record<string, unknown>;
    expect(run).toMatchObject({
      id: last.runs[0]!.id,
      task: 'trend-task',
      harness: 'command',
      versions: { skill: 'none' },
      status: 'succeeded',
      trajectory: { toolCalls: 2, failedToolCalls: 1 },
      errors: [{ type: 'not-found', recovered: true }],
      artifacts: [{ path: 'dist/index.html' }],
    });
    for (const key of ['harnessVersion', 'model', 'durationMs']) expect(run).toHaveProperty(key);

    const status = lhb(['runs', 'status', '-w', ws]);
    expect(status.stdout).toContain(last.studyId);
    expect(status.stdout).toMatch(/finished\s+2 /);
  });

  it('lists each finished run once where stdout and stderr land together (a log written with > log 2>&1), and in both when they are apart', () => {
    const log = join(dir, 'combined.log');
    const fd = openSync(log, 'w');
    try {
      const together = spawnSync(process.execPath, [...LHB_NODE_ARGS, 'runs', 'start', '--task', task, '--harness', 'command', '--command', BUILD, '--repeats', '2', '-w', ws], {
        env: { ...process.env, LHB_TOOLS_DIR: join(dir, 'no-tools') },
        stdio: ['ignore', fd, fd],
        timeout: 120_000,
      });
      expect(together.status).toBe(0);
    } finally {
      closeSync(fd);
    }
    const text = readFileSync(log, 'utf8');
    const studyId = /^Started study (\S+)\./m.exec(text)![1]!;
    const runLines = text.split('\n').filter((line) => /^ *[0-9a-f]{8} {2}trend-task {2}command\//.test(line));
    expect(runLines).toHaveLength(2);
    expect(new Set(runLines.map((line) => line.trim().slice(0, 8))).size).toBe(2);
    expect(text).toContain(`Study ${studyId}: 2 of its runs are listed above as they ended\n`);

    const apart = lhb(['runs', 'start', '--task', task, '--harness', 'command', '--command', BUILD, '--repeats', '2', '-w', ws]);
    expect(apart.status).toBe(0);
    const listed = (out: string) => out.split('\n').filter((line) => /^ *[0-9a-f]{8} {2}trend-task/.test(line)).map((line) => line.trim().slice(0, 8)).sort();
    expect(listed(apart.stdout)).toHaveLength(2);
    expect(listed(apart.stderr)).toEqual(listed(apart.stdout));
    expect(apart.stdout).toMatch(/^Study \S+\n/);
  });

  it("numbers steps from 1 as the Runs screen does, and shows one duration, the harness process's wall time", () => {
    // Two steps: a failing ls, then a passing one; the harness claims a duration of its own (16 min).
    const command = `sleep 1.2 && mkdir -p out/dist && cat data.csv > out/dist/index.html && cat '${TWO_STEPS}'`;
    const start = lhb(['runs', 'start', '--task', task, '--harness', 'command', '--command', command, '--json', '-w', ws]);
    expect(start.status).toBe(0);
    const last = JSON.parse(start.stdout.trim().split('\n').at(-1)!) as { studyId: string; runs: { id: string }[] };
    const runId = last.runs[0]!.id;

    const shown = JSON.parse(lhb(['runs', 'show', runId, '--json', '-w', ws]).stdout) as { durationMs: number; errors: unknown[] };
    expect(shown.durationMs).toBeGreaterThanOrEqual(1200);
    // Well under the claimed 16 min, with room for a loaded machine: the run's own time, not the claim.
    expect(shown.durationMs).toBeLessThan(5 * 60_000);
    expect(shown.errors).toEqual([{ step: 1, type: 'not-found', message: expect.stringContaining('No such file or directory') as unknown, recovered: true, recoveredAtStep: 2 }]);

    const text = lhb(['runs', 'show', runId, '-w', ws]).stdout;
    expect(text).toContain(`Duration: ${durationText(shown.durationMs)}`);
    expect(text).toMatch(/^ {2}step 1: not-found error, recovered at step 2: /m);

    const transcript = join(ws, 'studies', last.studyId, 'runs', runId, 'transcript.jsonl');
    const parsed = lhb(['runs', 'parse', '--harness', 'command', transcript]);
    expect(parsed.stdout).toMatch(/^ {2}step 1: not-found error, recovered at step 2: /m);
    const parsedJson = JSON.parse(lhb(['runs', 'parse', '--harness', 'command', transcript, '--json']).stdout) as { errors: unknown[] };
    expect(parsedJson.errors).toEqual(shown.errors);

    expect(lhb(['runs', 'status', last.studyId, '-w', ws]).stdout).toContain(durationText(shown.durationMs));
  }, 240_000);

  it("shows a multi-turn task's turns, each with its prompt and out/; a harness with no session to continue starts each afresh", () => {
    writeFileSync(join(task, 'task.json'), JSON.stringify({ id: 'trend-task', kind: 'programmatic', title: 'Explain the trend', instruction: 'One page on data.csv.', turns: [{ prompt: 'Add a legend.' }, { prompt: 'Add a title.' }] }));
    // Each turn appends the prompt it was given (stdin) to the page.
    const command = `mkdir -p out/dist && cat >> out/dist/index.html && echo >> out/dist/index.html`;
    const start = lhb(['runs', 'start', '--task', task, '--harness', 'command', '--command', command, '--json', '-w', ws]);
    expect(start.status, start.stderr).toBe(0);
    const last = JSON.parse(start.stdout.trim().split('\n').at(-1)!) as { studyId: string; runs: { id: string }[] };
    const runId = last.runs[0]!.id;
    const shown = JSON.parse(lhb(['runs', 'show', runId, '--json', '-w', ws]).stdout) as { turns: { index: number; prompt: string; resumed: boolean; artifacts: { path: string; sizeBytes: number }[] }[] };
    expect(shown.turns.map((turn) => [turn.index, turn.resumed])).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
    expect(shown.turns.slice(1).map((turn) => turn.prompt)).toEqual(['Add a legend.', 'Add a title.']);
    const sizes = shown.turns.map((turn) => turn.artifacts.find((a) => a.path === 'dist/index.html')!.sizeBytes);
    expect(sizes[1]).toBeGreaterThan(sizes[0]!);
    expect(sizes[2]).toBeGreaterThan(sizes[1]!);
    const text = lhb(['runs', 'show', runId, '-w', ws]).stdout;
    expect(text).toContain('Turns: 3');
    expect(text).toMatch(/^ {2}Turn 2 \(succeeded, new session\): "Add a legend\."/m);
  }, 240_000);

  it('exits 1 with a named error for a missing harness CLI, a bad harness name, or a missing task', () => {
    const missing = lhb(['runs', 'start', '--task', task, '--harness', 'codex', '-w', ws], { PATH: '/usr/bin:/bin' });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/The "codex" command \(Codex CLI\) was not found on PATH or in .*no-tools\. Install it with: lhb harnesses install codex/);
    const bad = lhb(['runs', 'start', '--task', task, '--harness', 'openhands', '-w', ws]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain(`--harness openhands: not a harness lhb runs. Choose from ${Object.keys(HARNESS_ADAPTERS).join(', ')} (an alias such as codex-cli names the same harness).`);
    const noTask = lhb(['runs', 'start', '--task', 'no-such-task', '--harness', 'command', '--command', 'true', '-w', ws]);
    expect(noTask.status).toBe(1);
    expect(noTask.stderr).toContain('No task "no-such-task" in this workspace');
  });

  it('lhb harnesses lists the four with what is missing', () => {
    const result = lhb(['harnesses', '--json', '-w', ws], { PATH: '/usr/bin:/bin' });
    expect(result.status).toBe(0);
    const harnesses = JSON.parse(result.stdout) as { id: string; version: string | null; problem: string | null }[];
    // Every adapter, in the registry's order (claude-code, codex, gemini-cli, command today).
    expect(harnesses.map((h) => h.id)).toEqual(Object.keys(HARNESS_ADAPTERS));
    expect(harnesses.find((h) => h.id === 'gemini-cli')!.problem).toContain('lhb harnesses install gemini-cli');
    const notInstallable = lhb(['harnesses', 'install', 'command', '-w', ws]);
    expect(notInstallable.status).toBe(2);
    expect(notInstallable.stderr).toBe(`lhb: "command" is not an installable harness. Choose ${harnessIdsInWords(installableHarnesses())}.\n`);
    const demo = lhb(['runs', 'start', '--demo', '-w', ws], { PATH: '/usr/bin:/bin' });
    expect(demo.status).toBe(1);
    const [first, ...others] = installableHarnesses().map((adapter) => adapter.id);
    expect(demo.stderr).toContain(`No harness CLI is installed, so the demo has nothing to run. Install one, e.g.: lhb harnesses install ${first} (or ${others.join(', ')}).`);
    // What the UIs show comes from the adapters, through harnesses.list.
    for (const adapter of Object.values(HARNESS_ADAPTERS)) {
      expect(harnesses.find((h) => h.id === adapter.id)).toMatchObject({ displayName: adapter.displayName, defaultModel: adapter.defaultModel, keyEnv: adapter.keyEnv, takesCommand: adapter.takesCommand, pinnedVersion: adapter.npm?.pinnedVersion ?? null });
    }
  });
});
