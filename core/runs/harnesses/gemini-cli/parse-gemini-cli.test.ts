import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_TOOL_RESULT_CHARS, TrajectorySchema, type Trajectory } from '../../../../schemas/trajectory.ts';
import { createGeminiCliParser } from './parse-gemini-cli.ts';
import { geminiResultShowsFailure } from './parse-gemini-cli-shell-failure.ts';
import { geminiCliAdapter } from './gemini-cli.ts';

/**
 * Fixtures are Gemini CLI 0.61.0's real stdout (`--output-format stream-json`) against the
 * scripted server: four-tools.jsonl is the acceptance script (read the skill, write the page, a
 * failing and a passing ls); tool-errors.jsonl reads a missing file, runs `false` and `echo fine`
 * in one turn, then the server refuses a request (HTTP 400). stderr.txt is what the CLI wrote to
 * stderr in that run.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const linesOf = (text: string) => text.split('\n');

function parse(lines: string[], partialLastLine = false, mcpServers?: string[]): Trajectory {
  const parser = createGeminiCliParser(geminiCliAdapter, mcpServers ? { mcpServers } : {});
  for (const line of lines) parser.push(line);
  return TrajectorySchema.parse(parser.finish({ partialLastLine }));
}

const calls = (trajectory: Trajectory) => trajectory.steps.flatMap((step) => step.toolCalls);

describe('Gemini CLI stream-json parser', () => {
  it('reads the real four-tool run: steps per model turn, the failing ls caught from its output, totals from the result', () => {
    const trajectory = parse(linesOf(fixture('four-tools.jsonl')));
    expect(trajectory.harness).toBe('gemini-cli');
    expect(trajectory.sessionId).toBe('bd48fad2-5bfc-446e-87e3-f98c0cf3b274');
    expect(trajectory.model).toBe('gemini-2.5-pro');
    // The echoed prompt is the run's prompt, not a step, as in the other harnesses' transcripts.
    expect(trajectory.prompt).toBe('Build the demo page as the skill says.');
    expect(trajectory.steps.map((step) => [step.source, step.text, step.toolCalls.map((call) => call.name)])).toEqual([
      ['agent', 'Reading the skill first.', ['read_file']],
      ['agent', '', ['write_file']],
      ['agent', 'Checking a folder that is not there.', ['run_shell_command']],
      ['agent', '', ['run_shell_command']],
      ['agent', 'The page is built.', []],
    ]);
    const [read, write, failing, passing] = calls(trajectory);
    expect(read!.arguments).toEqual({ file_path: '/tmp/gcap/four/work/.gemini/skills/demo-skill/SKILL.md' });
    expect([read!.ok, write!.ok, failing!.ok, passing!.ok]).toEqual([true, true, false, true]);
    expect(failing!.failure).toBe("error in output: ls: cannot access '/definitely-missing-dir': No such file or directory");
    expect(failing!.result).toBe("ls: cannot access '/definitely-missing-dir': No such file or directory");
    expect(passing!.result).toBe('index.html');
    // write_file reports no output: an empty result, not a missing one.
    expect(write!.result).toBe('');
    expect(failing!.durationMs).toBe(123);
    expect(trajectory.tokens).toEqual({ input: 500, output: 100, cacheRead: 0, cacheWrite: 0 });
    expect(trajectory.durationMs).toBe(1064);
    expect(trajectory.outcome).toBe('completed');
    expect(trajectory.warnings).toEqual([]);
  });

  it("counts output without the tool-use prompt tokens that total_tokens holds, and keeps each model's share", () => {
    // The CLI's result stats, as convertToStreamStats writes them: per model total_tokens is the API's
    // totalTokenCount (prompt + candidates + thoughts + toolUsePrompt), input_tokens the prompt
    // (cached included), output_tokens the candidates, input the uncached prompt. Here the pro model's
    // calls carried 300 tool-use prompt tokens and a flash-lite routing call was made.
    const models = {
      'gemini-2.5-pro': { total_tokens: 1300, input_tokens: 900, output_tokens: 100, cached: 400, input: 500 },
      'gemini-2.5-flash-lite': { total_tokens: 130, input_tokens: 120, output_tokens: 10, cached: 0, input: 120 },
    };
    const result = { type: 'result', timestamp: '2026-11-30T10:28:42.157Z', status: 'success', stats: { total_tokens: 1430, input_tokens: 1020, output_tokens: 110, cached: 400, input: 620, duration_ms: 1064, tool_calls: 4, models } };
    const lines = linesOf(fixture('four-tools.jsonl')).map((line) => (line.includes('"type":"result"') ? JSON.stringify(result) : line));
    const trajectory = parse(lines);
    expect(trajectory.tokens).toEqual({ input: 620, output: 110, cacheRead: 400, cacheWrite: 0 });
    expect(trajectory.usageByModel).toEqual({
      'gemini-2.5-pro': { input: 500, output: 100, cacheRead: 400, cacheWrite: 0, costUsd: null },
      'gemini-2.5-flash-lite': { input: 120, output: 10, cacheRead: 0, cacheWrite: 0, costUsd: null },
    });
  });

  it('reads the real error run: a tool the CLI marks as error, an exit code the CLI prints for a silent command, and an API error result', () => {
    const trajectory = parse(linesOf(fixture('tool-errors.jsonl')));
    const [missing, silentFailure, fine] = calls(trajectory);
    expect(missing).toMatchObject({ name: 'read_file', ok: false, failure: 'file_not_found: File not found: /tmp/gcap/errors/work/missing.txt', result: 'File not found.' });
    expect(silentFailure).toMatchObject({ ok: false, failure: 'exit code 1', exitCode: 1, result: 'Command exited with code: 1' });
    expect(fine).toMatchObject({ ok: true, failure: null, result: 'fine' });
    // Two calls the model made in one turn are one step.
    expect(trajectory.steps[1]!.toolCalls.map((call) => call.arguments)).toEqual([{ command: 'false' }, { command: 'echo fine' }]);
    expect(trajectory.outcome).toBe('failed');
    expect(trajectory.warnings).toHaveLength(1);
    expect(trajectory.warnings[0]).toMatch(/^line 11: the run ended with status "error": \[API Error: .*INVALID_ARGUMENT/);
    // The CLI reports 0 ms when it stops on an error; the events' timestamps give the real span.
    expect(trajectory.durationMs).toBe(399);
    expect(trajectory.tokens).toEqual({ input: 200, output: 40, cacheRead: 0, cacheWrite: 0 });
  });

  it('keeps interleaved stderr lines as warnings and parses the same run around them', () => {
    const clean = parse(linesOf(fixture('four-tools.jsonl')));
    const stderr = linesOf(fixture('stderr.txt')).filter((line) => line.trim() !== '');
    const events = linesOf(fixture('four-tools.jsonl'));
    const mixed: string[] = [];
    events.forEach((line, index) => {
      mixed.push(line);
      if (index < stderr.length) mixed.push(stderr[index]!);
    });
    const trajectory = parse(mixed);
    expect(trajectory.steps).toEqual(clean.steps);
    expect(trajectory.tokens).toEqual(clean.tokens);
    expect(trajectory.warnings).toHaveLength(stderr.length);
    expect(trajectory.warnings[0]).toBe('line 2: not JSON (stderr?): Warning: Basic terminal detected (TERM=dumb). Visual rendering will be limited. For the best experience, use a terminal …');
  });

  it('skips an unknown event type and a malformed known one with a warning each', () => {
    const events = linesOf(fixture('four-tools.jsonl'));
    events.splice(2, 0, '{"type":"thought","timestamp":"2026-11-30T10:28:41.200Z","content":"hmm"}', '{"type":"tool_use","tool_name":"read_file"}');
    const trajectory = parse(events);
    expect(calls(trajectory)).toHaveLength(4);
    expect(trajectory.warnings).toEqual(['line 3: unknown event type "thought"; skipped', 'line 4: a "tool_use" event with a bad tool_id (Invalid input: expected string, received undefined); skipped']);
  });

  it('survives a transcript cut off in the middle of its last line', () => {
    const text = fixture('four-tools.jsonl').trimEnd();
    const cut = text.slice(0, text.lastIndexOf('"stats"') + 12);
    const trajectory = parse(linesOf(cut), true);
    expect(calls(trajectory)).toHaveLength(4);
    expect(trajectory.outcome).toBe('unknown');
    expect(trajectory.tokens).toEqual({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0 });
    expect(trajectory.warnings.slice(-2)).toEqual([
      'line 17: the transcript ends in the middle of this line (no final newline); it was skipped',
      'no result event: Gemini CLI did not finish (killed, timed out or crashed)',
    ]);
    // Timestamps still give a duration.
    expect(trajectory.durationMs).toBe(1063);
  });

  it('caps a 5 MB tool result to its head and tail, and still sees an error at its end', () => {
    const events = linesOf(fixture('four-tools.jsonl'));
    const index = events.findIndex((line) => line.includes('"output":"index.html"'));
    const huge = `HEAD-${'x'.repeat(5 * 1024 * 1024)}\nnpm ERR! code ELIFECYCLE`;
    const event = JSON.parse(events[index]!) as { output: string };
    event.output = huge;
    events[index] = JSON.stringify(event);
    expect(events[index]!.length).toBeGreaterThan(5 * 1024 * 1024);
    const last = calls(parse(events)).at(-1)!;
    expect(last.result!.length).toBeLessThan(MAX_TOOL_RESULT_CHARS + 200);
    expect(last.result!.startsWith('HEAD-xxx')).toBe(true);
    expect(last.result!.endsWith('npm ERR! code ELIFECYCLE')).toBe(true);
    expect(last.result).toContain('characters omitted');
    expect(last.ok).toBe(false);
    expect(last.failure).toBe('error in output: npm ERR! code ELIFECYCLE');
  });

  it('warns about a result for a call it never saw and a call that never got one', () => {
    const trajectory = parse([
      '{"type":"tool_use","timestamp":"2026-11-30T10:00:00.000Z","tool_name":"run_shell_command","tool_id":"a","parameters":{"command":"sleep 100"}}',
      '{"type":"tool_result","timestamp":"2026-11-30T10:00:01.000Z","tool_id":"b","status":"success","output":"?"}',
    ]);
    expect(calls(trajectory)).toMatchObject([{ id: 'a', result: null, ok: true }]);
    expect(trajectory.warnings).toEqual([
      'line 2: a tool_result for "b", which no tool_use named; skipped',
      '1 tool call never got a result (a)',
      'no result event: Gemini CLI did not finish (killed, timed out or crashed)',
    ]);
  });
});

describe('reading a failure from a shell result Gemini CLI called a success', () => {
  it.each([
    ["ls: cannot access '/nope': No such file or directory", "error in output: ls: cannot access '/nope': No such file or directory", null],
    ['bash: line 1: pnpm: command not found', 'command not found', 127],
    ['Command exited with code: 2', 'exit code 2', 2],
    ['Output: (empty)\nExit Code: 3\nProcess Group PGID: 1', 'exit code 3', 3],
    ['Command terminated by signal: SIGKILL', 'terminated by signal SIGKILL', null],
    ['Command failed: spawn bash ENOENT', 'command failed: spawn bash ENOENT', null],
    ['fatal: not a git repository (or any of the parent directories): .git', 'error in output: fatal: not a git repository (or any of the parent directories): .git', null],
    ['src/app.ts(3,7): error TS2322: Type \'string\' is not assignable to type \'number\'.', "error in output: src/app.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.", null],
    ['Traceback (most recent call last):\n  File "x.py", line 1\nZeroDivisionError: division by zero', 'error in output: ZeroDivisionError: division by zero', null],
    ['\u001b[31merror\u001b[39m: Cannot find module "vite"', 'error in output: error: Cannot find module "vite"', null],
    ["make: *** [Makefile:3: all] Error 1", 'error in output: make: *** [Makefile:3: all] Error 1', null],
  ])('%j is a failure', (output, failure, exitCode) => {
    expect(geminiResultShowsFailure(geminiCliAdapter.tools, 'run_shell_command', output)).toEqual({ failure, exitCode });
  });

  it.each([
    'index.html',
    'Command exited with code: 0',
    'found 0 errors\nBuild finished',
    'const message = "Error: nope"; // a line of code, not an error line',
    '',
  ])('%j is not', (output) => {
    expect(geminiResultShowsFailure(geminiCliAdapter.tools, 'run_shell_command', output)).toBeNull();
  });

  it('never reads failures into what other tools return', () => {
    expect(geminiResultShowsFailure(geminiCliAdapter.tools, 'read_file', 'Error: this is a file about errors\nExit Code: 1')).toBeNull();
  });
});

describe('an MCP server named with "_" in it', () => {
  const events = [
    '{"type":"init","timestamp":"2026-11-30T10:00:00.000Z","session_id":"s1","model":"gemini-2.5-pro"}',
    '{"type":"tool_use","timestamp":"2026-11-30T10:00:01.000Z","tool_name":"mcp_design_tokens_get_tokens","tool_id":"t1","parameters":{"file":"abc"}}',
    '{"type":"tool_result","timestamp":"2026-11-30T10:00:02.000Z","tool_id":"t1","status":"success","output":"{}"}',
  ];
  it('is named mcp:<server>.<tool> split by the run’s server names, which the name alone cannot say', () => {
    expect(calls(parse(events, false, ['verifier', 'design_tokens'])).map((call) => call.name)).toEqual(['mcp:design_tokens.get_tokens']);
    expect(calls(parse(events)).map((call) => call.name)).toEqual(['mcp:design.tokens_get_tokens']);
  });
});
