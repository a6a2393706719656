import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_TOOL_RESULT_CHARS, TrajectorySchema, type Trajectory } from '../../../../schemas/trajectory.ts';
import { createCodexParser } from './parse-codex.ts';

/** Real `codex exec --json` transcripts (Codex CLI 0.171.0 against the scripted server); see fixtures/README.md. */
const fixture = (name: string): string => join(import.meta.dirname, 'fixtures', name);

const calls = (trajectory: Trajectory) => trajectory.steps.flatMap((step) => step.toolCalls);

function parseLines(lines: string[], partialLastLine = false): Trajectory {
  const parser = createCodexParser();
  for (const line of lines) parser.push(line);
  return TrajectorySchema.parse(parser.finish({ partialLastLine }));
}

/** A transcript file line by line, as the engine hands it over: no newlines, and whether the last line was cut. */
function parseFile(path: string): Trajectory {
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  const partial = !text.endsWith('\n');
  if (!partial) lines.pop();
  return parseLines(lines, partial);
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-parse-codex-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('real Codex transcripts', () => {
  it('reads the four-call run: skill read, apply_patch write, a failing ls, a passing ls', () => {
    const trajectory = parseFile(fixture('four-calls-gpt-5.5.jsonl'));
    expect(trajectory).toMatchObject({ harness: 'codex', outcome: 'completed', sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/), warnings: [] });
    const all = calls(trajectory);
    expect(all.map((call) => call.name)).toEqual(['command_execution', 'file_change', 'command_execution', 'command_execution']);
    expect(all[0]!.result).toContain('name: demo-skill');
    expect(all[1]).toMatchObject({ ok: true, result: 'add /tmp/lhb-codex-run/work/out/dist/index.html' });
    const failed = all.filter((call) => !call.ok);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ exitCode: 2, failure: 'exit code 2', arguments: { command: "/bin/bash -lc 'ls /definitely-missing-dir'" } });
    expect(all[3]).toMatchObject({ ok: true, exitCode: 0, result: 'index.html\n' });
    // The agent's words open a step and its first call joins it; the closing message is a step of its own.
    expect(trajectory.steps.map((step) => [step.text, step.toolCalls.length])).toEqual([
      ['Reading the skill first.', 1],
      ['', 1],
      ['', 1],
      ['', 1],
      ['The page is in out/dist/index.html.', 0],
    ]);
    expect(trajectory.tokens).toEqual({ input: 500, output: 100, cacheRead: 0, cacheWrite: 0 });
  });

  it('keeps Codex’s non-fatal notices as warnings and reads a shell write', () => {
    const trajectory = parseFile(fixture('four-calls-unknown-model.jsonl'));
    expect(trajectory.outcome).toBe('completed');
    expect(trajectory.warnings).toEqual([expect.stringContaining('Model metadata for `replay-model` not found')]);
    const all = calls(trajectory);
    expect(all).toHaveLength(4);
    expect(all[1]!.arguments).toEqual({ command: expect.stringContaining("printf '%s'") });
    expect(all.filter((call) => !call.ok).map((call) => call.exitCode)).toEqual([2]);
  });

  it('names MCP calls as mcp:<server>.<tool> with their text result', () => {
    const trajectory = parseFile(fixture('mcp-verifier.jsonl'));
    // The script also called a tool Codex does not know: Codex answers the model but writes no item for it.
    expect(calls(trajectory)).toEqual([
      expect.objectContaining({ name: 'mcp:verifier.check_app', arguments: { route: '/' }, ok: true, result: 'findings: none {"route":"/"} ENV=yes' }),
    ]);
  });

  it('reports a turn that failed after Codex’s retries, with the reason', () => {
    const trajectory = parseFile(fixture('turn-failed.jsonl'));
    expect(trajectory.outcome).toBe('failed');
    expect(trajectory.steps).toEqual([]);
    expect(trajectory.warnings.filter((w) => w.startsWith('codex error: Reconnecting'))).toHaveLength(5);
    expect(trajectory.warnings.at(-1)).toMatch(/^turn failed: unexpected status 404 Not Found/);
  });
});

describe('a resumed thread (fixtures/three-turns: one thread, three codex exec processes)', () => {
  const turnFiles = ['transcript.jsonl', 'transcript-turn-2.jsonl', 'transcript-turn-3.jsonl'].map((name) => fixture(join('three-turns', name)));

  it('gives each turn the thread’s total so far, as Codex reports it: 2, then 4, then 6 replies', () => {
    expect(turnFiles.map((file) => parseFile(file).tokens)).toEqual([
      { input: 80, output: 40, cacheRead: 120, cacheWrite: 0 },
      { input: 160, output: 80, cacheRead: 240, cacheWrite: 0 },
      { input: 240, output: 120, cacheRead: 360, cacheWrite: 0 },
    ]);
  });

  it('counts the last total once when the turns are read as one transcript (the run’s stored one)', () => {
    const whole = turnFiles.map((file) => readFileSync(file, 'utf8')).join('');
    const trajectory = parseLines(whole.split('\n').filter((line) => line !== ''));
    expect(trajectory.tokens).toEqual(parseFile(turnFiles[2]!).tokens);
  });
});

describe('quirks', () => {
  const started = '{"type":"thread.started","thread_id":"t-1"}';
  const command = (id: string, fields: Record<string, unknown>) => JSON.stringify({ type: 'item.completed', item: { id, type: 'command_execution', command: 'make', aggregated_output: '', exit_code: 0, status: 'completed', ...fields } });

  it('fails a call on a non-zero exit code or a failed or declined status, whichever Codex gives', () => {
    const trajectory = parseLines([
      started,
      command('a', { exit_code: 1, status: 'completed' }),
      command('b', { exit_code: null, status: 'declined' }),
      command('c', { exit_code: 0, status: 'failed' }),
      command('d', {}),
      JSON.stringify({ type: 'item.completed', item: { id: 'e', type: 'file_change', changes: [{ path: 'x', kind: 'update' }], status: 'failed' } }),
      JSON.stringify({ type: 'item.completed', item: { id: 'f', type: 'mcp_tool_call', server: 's', tool: 't', arguments: {}, result: null, error: { message: 'boom' }, status: 'failed' } }),
      JSON.stringify({ type: 'item.completed', item: { id: 'g', type: 'mcp_tool_call', server: 's', tool: 't', arguments: {}, result: { content: [{ type: 'text', text: 'build: exit code 3' }] }, error: null, status: 'completed' } }),
    ]);
    expect(calls(trajectory).map((call) => [call.id, call.ok, call.failure])).toEqual([
      ['a', false, 'exit code 1'],
      ['b', false, 'status declined'],
      ['c', false, 'status failed'],
      ['d', true, null],
      ['e', false, 'status failed'],
      ['f', false, 'error: boom'],
      ['g', false, 'exit code 3'],
    ]);
  });

  it('keeps unknown event and item types as warnings, counted once each', () => {
    const trajectory = parseLines([
      started,
      '{"type":"thread.rolled_back","turns":1}',
      '{"type":"thread.rolled_back","turns":2}',
      '{"type":"item.completed","item":{"id":"x","type":"hologram","text":"?"}}',
      '{"type":"turn.completed","usage":{"input_tokens":10,"cached_input_tokens":4,"cache_write_input_tokens":2,"output_tokens":3}}',
    ]);
    expect(trajectory.outcome).toBe('completed');
    expect(trajectory.warnings).toEqual(['unknown event type thread.rolled_back (2 lines) skipped', 'unknown event type item hologram (1 line) skipped']);
    expect(trajectory.tokens).toEqual({ input: 6, output: 3, cacheRead: 4, cacheWrite: 2 });
  });

  it('keeps interleaved stderr lines as warnings and goes on', () => {
    const trajectory = parseLines([
      started,
      'WARNING: proceeding, even though we could not create PATH aliases',
      '2026-11-30T10:24:28Z ERROR codex_core::tools::router: error=unsupported call: x',
      command('a', { aggregated_output: 'ok' }),
      '{"type":"turn.completed","usage":{"input_tokens":1,"cached_input_tokens":0,"output_tokens":1}}',
    ]);
    expect(calls(trajectory)).toHaveLength(1);
    expect(trajectory.warnings).toEqual([expect.stringMatching(/^line 2 is not a JSON event .*PATH aliases/), expect.stringMatching(/^line 3 is not a JSON event .*unsupported call/)]);
  });

  it('says when the transcript was cut mid-line and marks a command that never finished as failed', () => {
    const file = join(dir, 'cut.jsonl');
    const begun = JSON.stringify({ type: 'item.started', item: { id: 'a', type: 'command_execution', command: 'npm run build', aggregated_output: '', exit_code: null, status: 'in_progress' } });
    writeFileSync(file, `${started}\n${begun}\n{"type":"item.completed","item":{"id":"a","type":"command_exec`);
    const trajectory = parseFile(file);
    expect(trajectory.outcome).toBe('unknown');
    expect(trajectory.warnings.at(-1)).toBe('the transcript ends mid-line: line 3 was cut off and could not be read');
    expect(calls(trajectory)).toEqual([expect.objectContaining({ id: 'a', ok: false, failure: 'never finished (the run ended first)', result: null })]);
  });

  it('reads a 5 MB tool result on one line and keeps its head and tail within the cap', () => {
    const output = `HEAD-MARK${'x'.repeat(5 * 1024 * 1024)}TAIL-MARK`;
    const file = join(dir, 'big.jsonl');
    writeFileSync(file, [started, command('big', { aggregated_output: output, exit_code: 0 }), '{"type":"turn.completed","usage":{"input_tokens":1,"cached_input_tokens":0,"output_tokens":1}}', ''].join('\n'));
    expect(readFileSync(file).length).toBeGreaterThan(5 * 1024 * 1024);
    const trajectory = parseFile(file);
    const result = calls(trajectory)[0]!.result!;
    expect(result.length).toBeLessThan(MAX_TOOL_RESULT_CHARS + 100);
    expect(result.startsWith('HEAD-MARK')).toBe(true);
    expect(result.endsWith('TAIL-MARK')).toBe(true);
    expect(result).toContain('characters omitted');
    expect(trajectory.outcome).toBe('completed');
  });
});
