import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { HarnessIdSchema } from '../../schemas/trajectory.ts';
import { exportAtif } from '../runs/trajectory/atif.ts';
import { parseTranscriptFile } from '../runs/trajectory/parse-harness-transcript.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

const CLAUDE_FOUR_TOOLS = fileURLToPath(new URL('../runs/harnesses/claude-code/fixtures/four-tools.jsonl', import.meta.url));
const SPAWNING_TEST_TIMEOUT_MS = 60_000;

const temps: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-runs-parse-'));
  temps.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs `lhb runs parse …` with a workspace folder that must stay untouched. */
function lhbParse(args: string[], timeout?: number) {
  const workspace = tempDir();
  const result = spawnSync(process.execPath, [...LHB_NODE_ARGS, 'runs', 'parse', ...args], { encoding: 'utf8', timeout, env: { ...process.env, LHB_WORKSPACE: workspace } });
  expect(readdirSync(workspace), 'runs parse stores nothing').toEqual([]);
  return result;
}

const COMMAND_TRANSCRIPT = [
  '{"type":"step","source":"user","text":"Build it."}',
  'Starting work.',
  '{"type":"tool_call","id":"b1","name":"shell","arguments":{"command":"npm run build"}}',
  '{"type":"tool_result","id":"b1","result":"src/App.tsx(2,5): error TS2304: Cannot find name \'x\'.","exitCode":2}',
  '{"type":"tool_call","id":"n1","name":"shell","arguments":{"command":"curl http://localhost:9"}}',
  '{"type":"tool_result","id":"n1","result":"curl: (7) Failed to connect to localhost port 9: Connection refused","exitCode":7}',
  '{"type":"usage","input":1200,"output":340}',
  'Fixed the name.',
  '{"type":"tool_call","id":"b2","name":"shell","arguments":{"command":"npx vite build"}}',
  '{"type":"tool_result","id":"b2","result":"built in 0.4s","exitCode":0}',
  '{"type":"usage","input":800,"output":60}',
].join('\n');

describe('lhb runs parse (spawned)', () => {
  it('--json prints the trajectory summary and errors of a command-harness transcript', () => {
    const file = join(tempDir(), 'stdout.jsonl');
    writeFileSync(file, `${COMMAND_TRANSCRIPT}\n`);
    const result = lhbParse(['--harness', 'command', file, '--json']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      trajectory: { steps: 3, toolCalls: 3, failedToolCalls: 2, tokens: { input: 2000, output: 400, cacheRead: 0, cacheWrite: 0 } },
      // Steps as people read them: the second step, recovered in the third.
      errors: [
        { step: 2, type: 'syntax-type', message: "src/App.tsx(2,5): error TS2304: Cannot find name 'x'.", recovered: true, recoveredAtStep: 3 },
        { step: 2, type: 'network', message: 'curl: (7) Failed to connect to localhost port 9: Connection refused', recovered: false, recoveredAtStep: null },
      ],
    });
  }, SPAWNING_TEST_TIMEOUT_MS);

  it('reads a real Claude Code transcript: 4 tool calls, 1 failed, its error recovered; and says so in words without --json', () => {
    const json = lhbParse(['--harness', 'claude-code', CLAUDE_FOUR_TOOLS, '--json']);
    expect(json.status).toBe(0);
    const printed = JSON.parse(json.stdout) as { trajectory: { toolCalls: number; failedToolCalls: number; steps: number; tokens: { input: number; output: number } }; errors: { type: string; recovered: boolean }[] };
    expect(printed.trajectory).toMatchObject({ toolCalls: 4, failedToolCalls: 1 });
    expect(printed.trajectory.steps).toBeGreaterThan(0);
    expect(printed.trajectory.tokens.input + printed.trajectory.tokens.output).toBeGreaterThan(0);
    // The failing ls is the third step and the passing one the fourth, as the Runs screen numbers them.
    expect(printed.errors).toEqual([{ step: 3, type: 'not-found', message: "ls: cannot access '/definitely-missing-dir': No such file or directory", recovered: true, recoveredAtStep: 4 }]);

    const text = lhbParse(['--harness', 'claude-code', CLAUDE_FOUR_TOOLS]);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('4 tool calls (1 failed)');
    expect(text.stdout).toContain('1 error, 1 recovered (100%):');
    expect(text.stdout).toContain("  step 3: not-found error, recovered at step 4: ls: cannot access '/definitely-missing-dir': No such file or directory\n");
  }, SPAWNING_TEST_TIMEOUT_MS);

  it('--format atif reads a Harbor trajectory.json and prints the same summary as the transcript it came from', async () => {
    const file = join(tempDir(), 'trajectory.json');
    writeFileSync(file, JSON.stringify(exportAtif(await parseTranscriptFile('claude-code', CLAUDE_FOUR_TOOLS))));
    const fromAtif = lhbParse(['--format', 'atif', file, '--json']);
    expect(fromAtif.status).toBe(0);
    expect(fromAtif.stdout).toBe(lhbParse(['--harness', 'claude-code', CLAUDE_FOUR_TOOLS, '--json']).stdout);
  }, SPAWNING_TEST_TIMEOUT_MS);

  it('a named pipe or a device exits 1 saying what the path is, instead of hanging or reading forever', () => {
    const dir = tempDir();
    const fifo = join(dir, 'transcript.jsonl');
    execFileSync('mkfifo', [fifo]);
    // A timeout guard: a regression that opens the pipe waits for a writer forever.
    const fromPipe = lhbParse(['--harness', 'command', fifo], 20_000);
    expect(fromPipe.signal, 'runs parse hung on a named pipe').toBeNull();
    expect(fromPipe.status).toBe(1);
    expect(fromPipe.stderr).toBe(`lhb runs parse: ${fifo} is a named pipe (FIFO), not a transcript file. Nothing was parsed or stored.\n`);
    const fromDevice = lhbParse(['--format', 'atif', '/dev/zero'], 20_000);
    expect(fromDevice.signal, 'runs parse hung reading /dev/zero').toBeNull();
    expect(fromDevice.stderr).toBe('lhb runs parse: /dev/zero is a character device, not a transcript file. Nothing was parsed or stored.\n');
  }, SPAWNING_TEST_TIMEOUT_MS);

  it('a missing file, a folder or a broken ATIF file exits 1 naming it', () => {
    const dir = tempDir();
    const missing = join(dir, 'nope.jsonl');
    const result = lhbParse(['--harness', 'codex', missing]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`lhb runs parse: cannot read ${missing}: there is no such file. Nothing was parsed or stored.\n`);

    expect(lhbParse(['--harness', 'command', dir]).stderr).toBe(`lhb runs parse: ${dir} is a folder, not a transcript file. Nothing was parsed or stored.\n`);

    const broken = join(dir, 'trajectory.json');
    writeFileSync(broken, JSON.stringify({ schema_version: 'ATIF-v1.4', session_id: 's', agent: { name: 'codex', version: '1' }, steps: [{ step_id: 1, source: 'agent' }] }));
    const atif = lhbParse(['--format', 'atif', broken]);
    expect(atif.status).toBe(1);
    expect(atif.stderr).toContain(`lhb runs parse: ${broken} is not a valid ATIF trajectory: steps[0].message:`);
  }, SPAWNING_TEST_TIMEOUT_MS);

  it('a bad --harness or --format, or none, exits 2 listing the choices', () => {
    const bad = lhbParse(['--harness', 'cursor', 'x.jsonl']);
    expect(bad.status).toBe(2);
    // The ids in the schema's order (claude-code, codex, gemini-cli, command today), so a new harness needs no line here.
    const ids = HarnessIdSchema.options.join(', ');
    expect(bad.stderr).toBe(`lhb runs parse: unknown --harness "cursor"; choose one of: ${ids}\n`);
    const format = lhbParse(['--format', 'yaml', 'x.jsonl']);
    expect(format.status).toBe(2);
    expect(format.stderr).toBe('lhb runs parse: unknown --format "yaml"; choose one of: transcript, atif\n');
    const none = lhbParse(['x.jsonl']);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain(`with --harness (one of: ${ids})`);
  }, SPAWNING_TEST_TIMEOUT_MS);
});
