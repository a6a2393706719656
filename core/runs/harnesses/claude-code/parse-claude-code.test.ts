import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_TOOL_RESULT_CHARS, TrajectorySchema, type Trajectory } from '../../../../schemas/trajectory.ts';
import { createClaudeCodeParser } from './parse-claude-code.ts';
import { claudeCodeAdapter } from './claude-code.ts';

/** Real transcripts of `claude` 2.1.332 against the scripted server (see fixtures/README.md). */
const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}.jsonl`, import.meta.url), 'utf8');

/** Feeds a transcript the way the executor reads a file: line by line, saying whether it ended mid-line. */
function parse(text: string): Trajectory {
  const parser = createClaudeCodeParser(claudeCodeAdapter);
  const lines = text.split('\n');
  const partialLastLine = !text.endsWith('\n');
  if (!partialLastLine) lines.pop();
  for (const line of lines) parser.push(line);
  return TrajectorySchema.parse(parser.finish({ partialLastLine }));
}

const calls = (t: Trajectory) => t.steps.flatMap((s) => s.toolCalls);
const lines = (text: string) => text.split('\n').filter((l) => l !== '');

describe('Claude Code stream-json parser', () => {
  it('reads a real run: the skill read, the page written, one failing and one passing shell command', () => {
    const t = parse(fixture('four-tools'));
    expect(t).toMatchObject({ harness: 'claude-code', harnessVersion: '2.1.332', model: 'claude-sonnet-4-5', outcome: 'completed', costUsd: 0.003 });
    expect(t.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.durationMs).toBeGreaterThan(0);
    // The result event's totals: 5 API calls of 100 in / 20 out.
    expect(t.tokens).toEqual({ input: 500, output: 100, cacheRead: 0, cacheWrite: 0 });
    expect(t.warnings).toEqual([]);

    // Claude Code streams a message's text and its tool call as two events; they are one step.
    expect(t.steps.map((s) => [s.source, s.text, s.toolCalls.map((c) => c.name)])).toEqual([
      ['agent', 'Reading the skill.', ['Read']],
      ['agent', '', ['Write']],
      ['agent', 'Checking.', ['Bash']],
      ['agent', '', ['Bash']],
      ['agent', 'Done.', []],
    ]);
    const [read, write, failing, passing] = calls(t);
    expect(read!.result).toContain('Build pages as a single index.html.');
    expect((write!.arguments as { file_path: string }).file_path).toMatch(/\/out\/dist\/index\.html$/);
    expect(write!.ok).toBe(true);
    expect(failing).toMatchObject({ ok: false, exitCode: 2, failure: 'exit code 2', arguments: { command: 'ls /definitely-missing-dir' } });
    expect(failing!.result).toContain('No such file or directory');
    expect(passing).toMatchObject({ ok: true, exitCode: null, failure: null, result: 'index.html' });
    expect(calls(t).filter((c) => !c.ok)).toHaveLength(1);
    expect(passing!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("counts every model's tokens from modelUsage, a Haiku sub-agent's too, and keeps each model's share", () => {
    const t = parse(fixture('haiku-subagent'));
    // result.usage covers the main model alone (24 in / 80 out); modelUsage covers both, like total_cost_usd.
    expect(t.tokens).toEqual({ input: 42, output: 200, cacheRead: 7500, cacheWrite: 7000 });
    expect(t.usageByModel).toEqual({
      'claude-sonnet-4-5': { input: 24, output: 80, cacheRead: 6000, cacheWrite: 4000, costUsd: 0.018071999999999998 },
      'claude-haiku-5-5': { input: 18, output: 120, cacheRead: 1500, cacheWrite: 3000, costUsd: 0.00045180000000000003 },
    });
    expect(t.costUsd).toBe(0.0185238);
    expect(t.model).toBe('claude-sonnet-4-5');
    // The sub-agent's steps are the run's too, each with the model that made it.
    expect(t.steps.map((s) => [s.source, s.model, s.toolCalls.map((c) => c.name)])).toEqual([
      ['agent', 'claude-sonnet-4-5', ['Agent']],
      ['user', undefined, []],
      ['agent', 'claude-haiku-5-5', ['Bash']],
      ['agent', 'claude-sonnet-4-5', []],
    ]);
    expect(t.warnings).toEqual([]);
  });

  it("without modelUsage sums the messages' own usage, by the model that sent each", () => {
    const withoutModelUsage = lines(fixture('haiku-subagent')).map((line) => {
      const event = JSON.parse(line) as Record<string, unknown>;
      if (event.type !== 'result') return line;
      delete event.modelUsage;
      return JSON.stringify(event);
    });
    const t = parse(`${withoutModelUsage.join('\n')}\n`);
    expect(t.tokens).toEqual({ input: 33, output: 3, cacheRead: 6000, cacheWrite: 5500 });
    expect(t.usageByModel).toEqual({
      'claude-sonnet-4-5': { input: 24, output: 2, cacheRead: 6000, cacheWrite: 4000, costUsd: null },
      'claude-haiku-5-5': { input: 9, output: 1, cacheRead: 0, cacheWrite: 1500, costUsd: null },
    });
    // The run's cost is still the result event's, which covers every model.
    expect(t.costUsd).toBe(0.0185238);
  });

  it('keeps parallel calls in one step and fails each on its own evidence', () => {
    const t = parse(fixture('parallel-errors'));
    expect(t.outcome).toBe('completed');
    expect(t.steps[0]!.toolCalls.map((c) => c.name)).toEqual(['Read', 'Bash']);
    const [missing, exit3, edit] = calls(t);
    expect(missing).toMatchObject({ ok: false, exitCode: null });
    expect(missing!.failure).toMatch(/^error: File does not exist/);
    expect(exit3).toMatchObject({ ok: false, exitCode: 3, failure: 'exit code 3', result: 'Exit code 3\npartial' });
    expect(edit).toMatchObject({ ok: false, failure: 'tool error: File has not been read yet. Read it first before writing to it.' });
  });

  it('reports a run the API refused as failed, with the error as the agent text', () => {
    const t = parse(fixture('api-error'));
    expect(t.outcome).toBe('failed');
    expect(t.model).toBe('claude-sonnet-4-5');
    expect(t.steps).toHaveLength(1);
    expect(t.steps[0]!.text).toMatch(/^API Error: 400 .*NoSuchTool/);
    expect(calls(t)).toEqual([]);
  });

  it('skips unknown event types with one warning per type, and parses the rest the same', () => {
    const clean = parse(fixture('four-tools'));
    const withUnknown = lines(fixture('four-tools')).flatMap((line, i) => (i % 3 === 1 ? [line, JSON.stringify({ type: 'telepathy', payload: i })] : [line]));
    const t = parse(`${[JSON.stringify({ type: 'rate_limit_event' }), ...withUnknown].join('\n')}\n`);
    expect(t.steps).toEqual(clean.steps);
    expect(t.warnings).toHaveLength(1);
    expect(t.warnings[0]).toMatch(/^Unknown event type "telepathy" skipped \(\d+ lines, first at line 4\)\.$/);
  });

  it('skips interleaved stderr lines, naming the first few, and reads CRLF line ends', () => {
    const clean = parse(fixture('four-tools'));
    const noisy = lines(fixture('four-tools')).flatMap((line, i) => [line, ...(i % 2 === 0 ? [`(node:123) Warning: something odd ${i}`] : [])]);
    const t = parse(`${noisy.join('\r\n')}\r\n`);
    expect(calls(t)).toEqual(calls(clean));
    expect(t.outcome).toBe('completed');
    expect(t.warnings[0]).toBe('Line 2 is not JSON (stderr?) and was skipped: "(node:123) Warning: something odd 0"');
    expect(t.warnings.filter((w) => w.includes('is not JSON'))).toHaveLength(5);
    expect(t.warnings.at(-1)).toMatch(/^\d+ more lines were not JSON and were skipped\.$/);
  });

  it('survives a transcript cut off mid-line: the steps so far, no verdict, the cut said', () => {
    const text = fixture('four-tools');
    const lastTool = text.lastIndexOf('"tool_result"');
    const cut = text.slice(0, lastTool + 40); // inside the passing command's result event
    const t = parse(cut);
    expect(t.outcome).toBe('unknown');
    expect(calls(t).map((c) => c.name)).toEqual(['Read', 'Write', 'Bash', 'Bash']);
    const unfinished = calls(t)[3]!;
    expect(unfinished).toMatchObject({ result: null, ok: false });
    expect(t.warnings.some((w) => /^The transcript ends mid-line: line \d+ \(\d+ characters\) was cut off and skipped\.$/.test(w))).toBe(true);
    expect(t.warnings).toContain('No result event: Claude Code stopped before reporting how the run ended.');
    // Without a result event the totals are the per-message usage summed.
    expect(t.tokens.input).toBe(400);
  });

  it('caps a 5 MB tool result, keeping its head and tail', () => {
    const big = `HEAD-MARK${'x'.repeat(5 * 1024 * 1024)}TAIL-MARK`;
    const replaced = lines(fixture('four-tools')).map((line) => {
      const event = JSON.parse(line) as { type: string; message?: { content?: { type: string; content?: unknown }[] }; tool_use_result?: unknown };
      const block = event.message?.content?.[0];
      if (event.type !== 'user' || block?.content !== 'index.html') return line;
      block.content = big;
      event.tool_use_result = { stdout: big, stderr: '', interrupted: false };
      return JSON.stringify(event);
    });
    expect(replaced.some((l) => l.length > 10 * 1024 * 1024)).toBe(true);
    const t = parse(`${replaced.join('\n')}\n`);
    const result = calls(t)[3]!.result!;
    expect(result.length).toBeLessThanOrEqual(MAX_TOOL_RESULT_CHARS);
    expect(result.length).toBeGreaterThan(MAX_TOOL_RESULT_CHARS - 100);
    expect(result.startsWith('HEAD-MARK')).toBe(true);
    expect(result.endsWith('TAIL-MARK')).toBe(true);
    expect(result).toMatch(/\[… \d+ characters omitted …\]/);
    expect(calls(t)[3]!.ok).toBe(true);
  });

  it('fails a call whose result shows a non-zero exit or an interruption even when is_error is absent', () => {
    const base = lines(fixture('four-tools'));
    const patched = base.map((line) => {
      const event = JSON.parse(line) as { type: string; message?: { content?: { type: string; content?: unknown; is_error?: boolean }[] }; tool_use_result?: unknown };
      const block = event.message?.content?.[0];
      if (event.type !== 'user' || block?.type !== 'tool_result') return line;
      if (block.content === 'index.html') {
        block.content = 'Exit code 1\nsomething broke';
        delete block.is_error;
      } else if (typeof block.content === 'string' && block.content.startsWith('File created')) {
        event.tool_use_result = { stdout: '', stderr: '', interrupted: true };
      }
      return JSON.stringify(event);
    });
    const t = parse(`${patched.join('\n')}\n`);
    expect(calls(t).map((c) => [c.ok, c.failure, c.exitCode])).toEqual([
      [true, null, null],
      [false, 'interrupted', null],
      [false, 'exit code 2', 2],
      [false, 'exit code 1', 1],
    ]);
  });
});
