import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_TOOL_RESULT_CHARS, TrajectorySchema, type Trajectory } from '../../../../schemas/trajectory.ts';
import { createCommandParser } from './parse-command.ts';
import { parseTranscriptFile } from '../../trajectory/parse-harness-transcript.ts';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function parse(lines: (string | object)[], options?: { partialLastLine?: boolean }): Trajectory {
  const parser = createCommandParser();
  for (const line of lines) parser.push(typeof line === 'string' ? line : JSON.stringify(line));
  const trajectory = parser.finish(options);
  // Whatever it parsed, the result is a valid trajectory.
  expect(TrajectorySchema.parse(trajectory)).toEqual(trajectory);
  return trajectory;
}

describe('the command harness transcript', () => {
  it('turns JSON lines into steps, tool calls with results, tokens, cost and an outcome', () => {
    const trajectory = parse([
      { type: 'session', model: 'local-llama', sessionId: 's-1', harnessVersion: '0.3.0' },
      { type: 'step', source: 'user', text: 'Build the dashboard.', timestamp: '2025-01-01T00:00:00Z' },
      { type: 'step', source: 'agent', text: 'I will look first.' },
      { type: 'tool_call', id: 'c1', name: 'shell', arguments: { command: 'ls /definitely-missing-dir' } },
      { type: 'tool_result', id: 'c1', result: "ls: cannot access '/definitely-missing-dir': No such file or directory", exitCode: 2, durationMs: 5 },
      { type: 'usage', input: 100, output: 20, cacheRead: 50, costUsd: 0.25 },
      { type: 'tool_call', id: 'c2', name: 'shell', arguments: { command: 'ls out/dist' } },
      { type: 'tool_result', id: 'c2', result: 'index.html', ok: true },
      { type: 'usage', input: 30, output: 10, costUsd: 0.5 },
      { type: 'outcome', outcome: 'completed', durationMs: 1234 },
    ]);
    expect(trajectory).toMatchObject({ harness: 'command', model: 'local-llama', sessionId: 's-1', harnessVersion: '0.3.0', outcome: 'completed', durationMs: 1234, costUsd: 0.75, warnings: [] });
    expect(trajectory.tokens).toEqual({ input: 130, output: 30, cacheRead: 50, cacheWrite: 0 });
    expect(trajectory.steps.map((step) => [step.index, step.source, step.text])).toEqual([
      [0, 'user', 'Build the dashboard.'],
      [1, 'agent', 'I will look first.'],
    ]);
    expect(trajectory.steps[0]!.timestamp).toBe('2025-01-01T00:00:00Z');
    expect(trajectory.steps[1]!.tokens).toEqual({ input: 130, output: 30, cacheRead: 50, cacheWrite: 0 });
    expect(trajectory.steps[1]!.toolCalls).toEqual([
      { id: 'c1', name: 'shell', arguments: { command: 'ls /definitely-missing-dir' }, result: "ls: cannot access '/definitely-missing-dir': No such file or directory", ok: false, failure: 'exit code 2', exitCode: 2, durationMs: 5 },
      { id: 'c2', name: 'shell', arguments: { command: 'ls out/dist' }, result: 'index.html', ok: true, failure: null, exitCode: null, durationMs: null },
    ]);
  });

  it('keeps every other line as agent text: plain output, blank lines between paragraphs, and JSON of other shapes, with no warning', () => {
    const trajectory = parse(['', 'Thinking about the task.', '', 'Second paragraph.', '{"level":"info","msg":"a log line"}', '[1, 2]']);
    expect(trajectory.steps).toHaveLength(1);
    expect(trajectory.steps[0]).toMatchObject({ source: 'agent', text: 'Thinking about the task.\n\nSecond paragraph.\n{"level":"info","msg":"a log line"}\n[1, 2]', toolCalls: [] });
    expect(trajectory.warnings).toEqual([]);
    expect(trajectory.outcome).toBe('unknown');
  });

  it('starts a new text step after a tool call, and attaches a call made after text to that text step', () => {
    const trajectory = parse(['Let me check.', { type: 'tool_call', name: 'read', arguments: { path: 'a.txt' } }, { type: 'tool_result', result: 'hello' }, 'The file says hello.']);
    expect(trajectory.steps.map((step) => step.text)).toEqual(['Let me check.', 'The file says hello.']);
    expect(trajectory.steps[0]!.toolCalls).toMatchObject([{ id: 'call-0-0', name: 'read', result: 'hello', ok: true }]);
  });

  it('pairs a result without an id with the oldest call still waiting, and one with an unknown id becomes text with a warning', () => {
    const trajectory = parse([
      { type: 'tool_call', name: 'a' },
      { type: 'tool_call', name: 'b' },
      { type: 'tool_result', result: 'for a' },
      { type: 'tool_result', id: 'nope', result: 'orphan output' },
      { type: 'tool_result', result: { files: 2 } },
    ]);
    const [a, b] = trajectory.steps[0]!.toolCalls;
    expect(a).toMatchObject({ id: 'call-0-0', result: 'for a', arguments: {} });
    expect(b).toMatchObject({ id: 'call-0-1', result: '{"files":2}' });
    expect(trajectory.steps[1]!.text).toBe('orphan output');
    expect(trajectory.warnings).toEqual(['line 4: a tool_result for call "nope", which no tool_call named; kept as text']);
  });

  it('keeps a malformed line of ours as text and names the bad field', () => {
    const trajectory = parse([{ type: 'tool_call', arguments: {} }, { type: 'usage', input: -3, output: 1 }, { type: 'step', source: 'robot', text: 'hi' }]);
    expect(trajectory.steps).toHaveLength(1);
    expect(trajectory.steps[0]!.toolCalls).toEqual([]);
    expect(trajectory.warnings).toHaveLength(3);
    expect(trajectory.warnings[0]).toMatch(/^line 1: a "tool_call" line with a bad name \(.+\); kept as text$/);
    expect(trajectory.warnings[1]).toMatch(/^line 2: a "usage" line with a bad input /);
    expect(trajectory.warnings[2]).toMatch(/^line 3: a "step" line with a bad source /);
    expect(trajectory.tokens.input).toBe(0);
  });

  it('fails a call whose result shows a non-zero exit when the line does not say, and trusts the line when it does', () => {
    const trajectory = parse([
      { type: 'tool_call', id: 'a', name: 'shell' },
      { type: 'tool_result', id: 'a', result: 'npm ERR! code ELIFECYCLE\nProcess exited with code 1' },
      { type: 'tool_call', id: 'b', name: 'shell' },
      { type: 'tool_result', id: 'b', result: 'sh: 1: vite: not found' },
      { type: 'tool_call', id: 'c', name: 'shell' },
      { type: 'tool_result', id: 'c', result: 'grep printed: exit code 1 is expected here', ok: true },
      { type: 'tool_call', id: 'd', name: 'shell' },
      { type: 'tool_result', id: 'd', result: 'done', ok: false, error: 'the agent gave up' },
      { type: 'tool_call', id: 'e', name: 'shell' },
      { type: 'tool_result', id: 'e', result: 'Exit code: 0' },
    ]);
    expect(trajectory.steps[0]!.toolCalls.map((call) => [call.id, call.ok, call.failure, call.exitCode])).toEqual([
      ['a', false, 'exit code 1', 1],
      ['b', false, 'command not found', 127],
      ['c', true, null, null],
      ['d', false, 'the agent gave up', null],
      ['e', true, null, null],
    ]);
  });

  it('caps a huge result and huge text at MAX_TOOL_RESULT_CHARS, keeping head and tail', () => {
    const result = `HEAD${'x'.repeat(5_000_000)}TAIL`;
    const trajectory = parse([{ type: 'tool_call', id: 'a', name: 'shell' }, { type: 'tool_result', id: 'a', result }, ...Array.from({ length: 20_000 }, (_, i) => `stderr line ${i}`)]);
    const kept = trajectory.steps[0]!.toolCalls[0]!.result!;
    expect(kept.length).toBeLessThan(MAX_TOOL_RESULT_CHARS + 100);
    expect(kept.startsWith('HEAD')).toBe(true);
    expect(kept.endsWith('TAIL')).toBe(true);
    // Head and tail fill the cap with the marker between, which names every character left out.
    expect(kept.length).toBeLessThanOrEqual(MAX_TOOL_RESULT_CHARS);
    const omitted = Number(/\[… (\d+) characters omitted …\]/.exec(kept)?.[1]);
    const marker = `\n[… ${omitted} characters omitted …]\n`;
    expect(omitted).toBe(result.length - (kept.length - marker.length));
    const text = trajectory.steps[1]!.text;
    expect(text.length).toBeLessThan(MAX_TOOL_RESULT_CHARS + 100);
    expect(text.startsWith('stderr line 0\nstderr line 1\n')).toBe(true);
    expect(text.endsWith('stderr line 19999')).toBe(true);
  });

  it('warns when the transcript stops in the middle of a JSON line, and not for plain text without a newline', () => {
    expect(parse([{ type: 'step', source: 'agent', text: 'hi' }, '{"type":"tool_call","na'], { partialLastLine: true }).warnings).toEqual([
      'line 2: the transcript ended in the middle of a JSON line (no final newline); it was kept as text',
    ]);
    expect(parse(['done'], { partialLastLine: true }).warnings).toEqual([]);
  });

  it('says which calls never got a result and leaves their result null', () => {
    const trajectory = parse([{ type: 'tool_call', id: 'x', name: 'shell' }]);
    expect(trajectory.steps[0]!.toolCalls[0]).toMatchObject({ result: null, ok: true });
    expect(trajectory.warnings).toEqual(['1 tool call never got a result (x)']);
  });

  it('keeps at most 50 warnings and counts the rest', () => {
    const trajectory = parse(Array.from({ length: 80 }, () => ({ type: 'step', source: 'nobody', text: '' })));
    expect(trajectory.warnings).toHaveLength(51);
    expect(trajectory.warnings[50]).toBe('… and 30 more warnings like these');
  });

  it('parses a CRLF file through parseTranscriptFile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lhb-command-'));
    temps.push(dir);
    const path = join(dir, 'stdout.txt');
    writeFileSync(path, ['Starting.', JSON.stringify({ type: 'tool_call', id: 'a', name: 'shell', arguments: { command: 'npm run build' } }), JSON.stringify({ type: 'tool_result', id: 'a', result: 'built', exitCode: 0 }), 'Finished.'].join('\r\n'));
    const trajectory = await parseTranscriptFile('command', path);
    expect(trajectory.steps.map((step) => step.text)).toEqual(['Starting.', 'Finished.']);
    expect(trajectory.steps[0]!.toolCalls[0]).toMatchObject({ result: 'built', ok: true, exitCode: 0 });
    expect(trajectory.warnings).toEqual([]);
  });
});
