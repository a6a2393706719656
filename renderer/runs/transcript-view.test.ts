import { describe, expect, it } from 'vitest';
import { argumentsText, errorsByCall, failureText, previewText, recoverySummary, recoveryText } from './transcript-view.ts';

describe('the transcript view', () => {
  it('shows a long result’s head, cut at a line end, and how much more there is', () => {
    expect(previewText('short', 10)).toEqual({ shown: 'short', hiddenChars: 0 });
    const text = `${'a'.repeat(80)}\n${'b'.repeat(80)}`;
    expect(previewText(text, 100)).toEqual({ shown: 'a'.repeat(80), hiddenChars: 81 });
    expect(previewText('x'.repeat(250), 100)).toEqual({ shown: 'x'.repeat(100), hiddenChars: 150 });
  });

  it('shows a shell command as typed and other arguments as JSON', () => {
    expect(argumentsText({ command: 'ls out/dist' })).toBe('ls out/dist');
    expect(argumentsText({ file_path: 'a.ts', content: 'x' })).toBe('{\n  "file_path": "a.ts",\n  "content": "x"\n}');
    expect(argumentsText(undefined)).toBe('');
  });

  it('says whether and where a failed call was recovered, counting steps from 1', () => {
    const errors = [
      { step: 1, toolCallId: 'c1', type: 'not-found' as const, message: 'ls: /missing: No such file', recovered: true, recoveredAtStep: 2 },
      { step: 3, toolCallId: 'c4', type: 'build' as const, message: 'build failed', recovered: false, recoveredAtStep: null },
    ];
    expect(errorsByCall(errors).get('c1')?.type).toBe('not-found');
    expect(recoveryText(errors[0]!)).toBe('Recovered at step 3');
    expect(recoveryText({ step: 2, recovered: true, recoveredAtStep: 2 })).toBe('Recovered later in the same step');
    expect(recoveryText(errors[1]!)).toBe('Not recovered');
    expect(recoverySummary(errors)).toBe('2 errors, 1 recovered (50%)');
    expect(recoverySummary([])).toBe('No errors');
    expect(failureText({ ok: false, failure: null, exitCode: 2 })).toBe('exit code 2');
    expect(failureText({ ok: false, failure: 'status failed', exitCode: null })).toBe('status failed');
    expect(failureText({ ok: true, failure: null, exitCode: 0 })).toBeUndefined();
  });
});
