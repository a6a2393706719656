import { describe, expect, it } from 'vitest';
import type { ErrorType, Trajectory, TrajectoryToolCall } from '../../../schemas/trajectory.ts';
import { classifyToolError } from './classify-tool-error.ts';
import { extractErrors } from './extract-errors.ts';
import { recoveryRates } from './recovery-rates.ts';
import { summariseTrajectory } from './summarise-trajectory.ts';
import { toolCallAction } from './tool-call-action.ts';
import { parseTranscriptFile } from './parse-harness-transcript.ts';
import { transcriptFixturePath } from '../harnesses/transcript-fixture-path.fixture.ts';

type CallSpec = Partial<TrajectoryToolCall> & { name: string };

/** One agent step per entry, each with the given calls. */
function trajectoryOf(steps: CallSpec[][]): Trajectory {
  return {
    format: 'lhb-trajectory/1',
    harness: 'command',
    harnessVersion: null,
    model: null,
    sessionId: null,
    steps: steps.map((calls, index) => ({
      index,
      source: 'agent',
      text: '',
      timestamp: null,
      tokens: null,
      toolCalls: calls.map((call, n) => ({ id: `c${index}-${n}`, arguments: {}, result: '', ok: true, failure: null, exitCode: null, durationMs: null, ...call })),
    })),
    tokens: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0 },
    costUsd: null,
    durationMs: null,
    outcome: 'completed',
    warnings: [],
  };
}

const bash = (command: string, result: string, ok = true): CallSpec => ({ name: 'Bash', arguments: { command }, result, ok, failure: ok ? null : 'exit code 1', exitCode: ok ? 0 : 1 });

describe('extractErrors', () => {
  it('the acceptance script: read, write, a failing ls, a passing ls → one not-found error, recovered at the passing ls', () => {
    const trajectory = trajectoryOf([
      [{ name: 'Read', arguments: { file_path: '/w/.claude/skills/demo-skill/SKILL.md' }, result: '---\nname: demo-skill\n---' }],
      [{ name: 'Write', arguments: { file_path: '/w/out/dist/index.html', content: '<h1>Demo</h1>' }, result: 'File created' }],
      [bash('ls /definitely-missing-dir', "ls: cannot access '/definitely-missing-dir': No such file or directory", false)],
      [bash('ls out/dist', 'index.html')],
      [],
    ]);
    expect(extractErrors(trajectory)).toEqual([
      { step: 2, toolCallId: 'c2-0', type: 'not-found', message: "ls: cannot access '/definitely-missing-dir': No such file or directory", recovered: true, recoveredAtStep: 3 },
    ]);
    expect(summariseTrajectory(trajectory)).toEqual({ steps: 5, toolCalls: 4, failedToolCalls: 1, tokens: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0 } });
  });

  it.each([
    ['claude-code', 'claude-code/four-tools.jsonl'],
    ['codex', 'codex/four-calls-gpt-5.5.jsonl'],
    ['codex', 'codex/four-calls-unknown-model.jsonl'],
    ['gemini-cli', 'gemini-cli/four-tools.jsonl'],
  ] as const)('the same on the real %s transcript of that script (%s)', async (harness, fixture) => {
    const trajectory = await parseTranscriptFile(harness, transcriptFixturePath(fixture));
    expect(summariseTrajectory(trajectory)).toMatchObject({ toolCalls: 4, failedToolCalls: 1 });
    const errors = extractErrors(trajectory);
    expect(errors).toMatchObject([{ type: 'not-found', recovered: true, message: "ls: cannot access '/definitely-missing-dir': No such file or directory" }]);
    const failedAt = trajectory.steps.findIndex((step) => step.toolCalls.some((call) => !call.ok));
    const passingLs = trajectory.steps.findIndex((step) => step.toolCalls.some((call) => JSON.stringify(call.arguments).includes('ls out/dist')));
    expect(errors[0]!.step).toBe(failedAt);
    expect(errors[0]!.recoveredAtStep).toBe(passingLs);
  });

  it('a later build of any kind recovers a failed build', () => {
    const errors = extractErrors(
      trajectoryOf([
        [bash('cd app && npm run build', 'vite v5\nerror during build:\nCould not resolve "./App" from "src/main.tsx"', false)],
        [{ name: 'Write', arguments: { file_path: 'app/src/App.tsx' }, result: 'ok' }],
        [bash("bash -lc 'npx vite build'", 'built in 1.2s')],
      ]),
    );
    expect(errors).toEqual([{ step: 0, toolCallId: 'c0-0', type: 'build', message: 'error during build:', recovered: true, recoveredAtStep: 2 }]);
  });

  it('counts a build the harness called successful when its output shows it failed, and that build does not recover anything', () => {
    const trajectory = trajectoryOf([
      [bash('npm run build', "src/App.tsx(3,7): error TS2322: Type 'string' is not assignable to type 'number'.", false)],
      [bash('npm run build || true', "src/App.tsx(3,7): error TS2322: Type 'string' is not assignable to type 'number'.")],
      [bash('npm run build', 'done in 2s')],
    ]);
    const errors = extractErrors(trajectory);
    expect(errors.map((error) => [error.step, error.type, error.recoveredAtStep])).toEqual([
      [0, 'syntax-type', 2],
      [1, 'syntax-type', 2],
    ]);
    expect(summariseTrajectory(trajectory).failedToolCalls).toBe(1);
  });

  it('two failed attempts then a success: two errors, both recovered at the success', () => {
    const errors = extractErrors(trajectoryOf([[bash('npm test', 'Tests: 2 failed, 3 passed', false)], [bash('npm test', 'Tests: 1 failed, 4 passed', false)], [bash('npx vitest run', 'Tests: 5 passed')]]));
    expect(errors.map((error) => [error.type, error.recovered, error.recoveredAtStep])).toEqual([
      ['test', true, 2],
      ['test', true, 2],
    ]);
  });

  it('a success before the failure, or of a different thing, does not recover it', () => {
    const errors = extractErrors(
      trajectoryOf([
        [bash('npm install', 'added 12 packages')],
        [bash('npm install left-pad-9', 'npm ERR! 404 Not Found - GET https://registry.npmjs.org/left-pad-9', false)],
        [bash('npm run build', 'built')],
        [{ name: 'Edit', arguments: { file_path: '/w/a.ts' }, ok: false, failure: 'tool error', result: 'String to replace not found in file.' }],
        [{ name: 'Write', arguments: { file_path: '/w/b.ts' }, result: 'ok' }],
        [{ name: 'Read', arguments: { file_path: '/w/a.ts' }, result: 'contents' }],
      ]),
    );
    expect(errors.map((error) => [error.step, error.recovered])).toEqual([
      [1, false],
      [3, false],
    ]);
  });

  it('a failed edit is recovered by a later write of the same file, calls later in the same step count', () => {
    const errors = extractErrors(
      trajectoryOf([
        [
          { name: 'Edit', arguments: { file_path: '/w/src/App.tsx' }, ok: false, failure: 'tool error', result: '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>' },
          { name: 'Write', arguments: { file_path: '/w/src/./App.tsx' }, result: 'File written' },
        ],
      ]),
    );
    expect(errors).toEqual([{ step: 0, toolCallId: 'c0-0', type: 'tool', message: 'File has not been read yet. Read it first before writing to it.', recovered: true, recoveredAtStep: 0 }]);
  });

  it('Codex-style calls (bash -lc) and Gemini-style calls match by what they ran', () => {
    const errors = extractErrors(
      trajectoryOf([
        [{ name: 'command_execution', arguments: { command: "bash -lc 'ls /definitely-missing-dir'" }, ok: false, failure: 'exit code 2', exitCode: 2, result: "ls: cannot access '/definitely-missing-dir': No such file or directory" }],
        [{ name: 'command_execution', arguments: { command: "bash -lc 'ls out/dist'" }, result: 'index.html' }],
        [{ name: 'run_shell_command', arguments: { command: 'python3 app.py' }, ok: false, failure: 'error in output', result: 'Traceback (most recent call last):\n  File "app.py", line 3\nKeyError: \'rows\'' }],
        [{ name: 'run_shell_command', arguments: { command: 'python app.py --rows 3' }, result: 'ok' }],
      ]),
    );
    expect(errors.map((error) => [error.type, error.recoveredAtStep, error.message])).toEqual([
      ['not-found', 1, "ls: cannot access '/definitely-missing-dir': No such file or directory"],
      ['runtime', 3, 'Traceback (most recent call last):'],
    ]);
  });

  it('a call with no result that failed is still an error, with the harness reason as its message', () => {
    expect(extractErrors(trajectoryOf([[{ name: 'WebFetch', arguments: { url: 'x' }, result: null, ok: false, failure: 'interrupted' }]]))).toEqual([
      { step: 0, toolCallId: 'c0-0', type: 'tool', message: 'interrupted', recovered: false, recoveredAtStep: null },
    ]);
  });
});

describe('classifyToolError', () => {
  const classify = (name: string, args: unknown, result: string, failure: string | null = 'exit code 1') => classifyToolError({ name, result, failure }, toolCallAction({ name, arguments: args }));
  const cases: [string, string, string, ErrorType, string][] = [
    ['npm run build', '> vite build\n\nerror during build:\n[vite]: Rollup failed to resolve import "react"', '', 'build', 'error during build:'],
    ['npx tsc --noEmit', "src/a.ts(1,7): error TS2322: Type 'string' is not assignable to type 'number'.", '', 'syntax-type', "src/a.ts(1,7): error TS2322: Type 'string' is not assignable to type 'number'."],
    ['node app.js', '/w/app.js:3\n  const x = ;\n            ^\n\nSyntaxError: Unexpected token \';\'', '', 'syntax-type', "SyntaxError: Unexpected token ';'"],
    ['node app.js', "TypeError: Cannot read properties of undefined (reading 'map')\n    at render (/w/app.js:9:12)", '', 'runtime', "TypeError: Cannot read properties of undefined (reading 'map')"],
    ['python -m pytest', '=========== 1 failed, 3 passed in 0.12s ===========', '', 'test', '=========== 1 failed, 3 passed in 0.12s ==========='],
    ['npm test', 'TypeError: x is not a function', '', 'test', 'TypeError: x is not a function'],
    ['curl http://localhost:5173', 'curl: (7) Failed to connect to localhost port 5173: Connection refused', '', 'network', 'curl: (7) Failed to connect to localhost port 5173: Connection refused'],
    ['npm install', 'npm error code ENOTFOUND\nnpm error network request to https://registry.npmjs.org failed', '', 'network', 'npm error code ENOTFOUND'],
    ['node fetch.js', 'TypeError: fetch failed', '', 'network', 'TypeError: fetch failed'],
    ['npm run build', 'Error: EACCES: permission denied, mkdir \'/dist\'', '', 'permission', "Error: EACCES: permission denied, mkdir '/dist'"],
    ['vite', 'sh: 1: vite: not found', '', 'not-found', 'sh: 1: vite: not found'],
    ['cat missing.txt', 'cat: missing.txt: No such file or directory', '', 'not-found', 'cat: missing.txt: No such file or directory'],
    ['npm run build', 'Error: Cannot find module \'vite\'', '', 'not-found', "Error: Cannot find module 'vite'"],
    ['npm run start', 'npm error Missing script: "start"', '', 'config', 'npm error Missing script: "start"'],
    ['npx tsc', "error TS5023: Unknown compiler option 'foo'.", '', 'syntax-type', "error TS5023: Unknown compiler option 'foo'."],
    ['sleep 999', 'Command timed out after 120000ms', '', 'timeout', 'Command timed out after 120000ms'],
    ['timeout 5 npm run dev', '', 'exit code 124', 'timeout', 'exit code 124'],
    ['git push', 'fatal: not a git repository (or any of the parent directories): .git', '', 'config', 'fatal: not a git repository (or any of the parent directories): .git'],
    ['grep foo bar.txt', '', 'exit code 1', 'tool', 'exit code 1'],
    ['rm -rf build', 'rm: cannot remove \'build\': Device or resource busy', '', 'tool', "rm: cannot remove 'build': Device or resource busy"],
  ];
  it.each(cases)('%s printing %j → %s', (command, result, failure, type, message) => {
    expect(classify('Bash', { command }, result, failure || 'exit code 1')).toEqual({ type, message });
  });

  it('a verifier tool failing is a verifier error, whatever it printed', () => {
    expect(classify('mcp__lhb__verify_preview', {}, 'blank render at /\nnext: fix the root component', 'tool error').type).toBe('verifier');
  });

  it('a long message is cut to one line of 300 characters', () => {
    const { message } = classify('Bash', { command: 'x' }, `Error: ${'very long '.repeat(100)}`);
    expect(message).toHaveLength(300);
    expect(message.endsWith('…')).toBe(true);
  });
});

describe('recoveryRates', () => {
  it('per type and overall, only types that occurred, null when there were no errors', () => {
    const rates = recoveryRates([
      { type: 'build', recovered: true },
      { type: 'build', recovered: false },
      { type: 'not-found', recovered: true },
      { type: 'build', recovered: true },
    ]);
    expect(rates.overall).toEqual({ errors: 4, recovered: 3, rate: 0.75 });
    expect(rates.byType).toEqual({ build: { errors: 3, recovered: 2, rate: 2 / 3 }, 'not-found': { errors: 1, recovered: 1, rate: 1 } });
    expect(Object.keys(rates.byType)).toEqual(['build', 'not-found']);
    expect(recoveryRates([])).toEqual({ overall: { errors: 0, recovered: 0, rate: null }, byType: {} });
  });
});
