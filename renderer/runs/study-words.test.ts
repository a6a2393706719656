import { describe, expect, it } from 'vitest';
import type { StudyRunStatus } from '../../schemas/studies.ts';
import { compactCount, costText, elapsedText, outputText, retryKeepsEarlierText, runActions, runTone, storedAttemptText, sandboxText, studyActions, studyCountsText, studyIsLive, tokensText, toolCallsText, unsandboxedStudyWarning, usageByModelTexts } from './study-words.ts';

const NOW = Date.parse('2025-10-02T10:05:00Z');

describe('study words', () => {
  it('says which sandbox a run ran in: mode, network and each limit with what enforced it', () => {
    const limits = { memoryBytes: 256 * 1048576, memoryVia: 'cgroup-v2', processes: 96, processesVia: 'rlimit', diskBytes: 32 * 1024 * 1048576, diskVia: 'run-folder-watch' } as const;
    expect(sandboxText({ mode: 'bubblewrap', network: 'none', limits })).toBe('bubblewrap · network none · memory 256 MiB (cgroup-v2) · 96 processes (rlimit) · disk 32 GiB (run-folder-watch)');
    // Recorded before the disk limit existed: the limits it had.
    const { diskBytes: _, diskVia: __, ...older } = limits;
    expect(sandboxText({ mode: 'bubblewrap', network: 'host', limits: older })).toBe('bubblewrap · network host · memory 256 MiB (cgroup-v2) · 96 processes (rlimit)');
    // endpoint-only: the hosts its proxy let through, and what the agent tried beyond them.
    expect(sandboxText({ mode: 'bubblewrap', network: 'endpoint-only', limits: older, allowedHosts: ['api.anthropic.com:443'], refusedHosts: ['pastebin.com:443'] })).toBe(
      'bubblewrap · network endpoint-only · reaches api.anthropic.com:443 · refused pastebin.com:443 · memory 256 MiB (cgroup-v2) · 96 processes (rlimit)',
    );
    expect(sandboxText({ mode: 'none', network: null, limits: null })).toBe('none: ran without the sandbox, as an ordinary process of yours');
    expect(sandboxText(null)).toBe('—');
  });

  it('warns above a study that runs without sandbox, in the form’s words, and says nothing for a sandboxed one', () => {
    expect(unsandboxedStudyWarning({ sandbox: false })).toMatch(/^This study runs without sandbox: .*can read and change anything you can/);
    expect(unsandboxedStudyWarning({ sandbox: false })).not.toMatch(/--|sandbox: false/);
    expect(unsandboxedStudyWarning({})).toBeUndefined();
    expect(unsandboxedStudyWarning({ sandbox: true })).toBeUndefined();
  });

  it('shows a running run’s elapsed time from its start, and a finished one’s recorded duration', () => {
    expect(elapsedText({ startedAt: '2025-10-02T10:02:30Z', finishedAt: null, durationMs: null }, NOW)).toBe('2 min 30 s');
    expect(elapsedText({ startedAt: '2025-10-02T10:00:00Z', finishedAt: '2025-10-02T10:00:40Z', durationMs: 41_000 }, NOW)).toBe('41 s');
    expect(elapsedText({ startedAt: null, finishedAt: null, durationMs: null }, NOW)).toBe('—');
  });

  it('writes counts, tokens, tool calls and cost compactly', () => {
    expect([compactCount(950), compactCount(12_345), compactCount(1_500), compactCount(2_500_000)]).toEqual(['950', '12k', '1.5k', '2.5M']);
    expect(tokensText({ input: 12_345, output: 850 })).toBe('12k in / 850 out');
    expect(tokensText(null)).toBe('—');
    expect(toolCallsText(4, 1)).toBe('4 (1 failed)');
    expect(toolCallsText(3, 0)).toBe('3');
    expect(toolCallsText(null, null)).toBe('—');
    expect([costText(0.0123), costText(1.254), costText(null)]).toEqual(['$0.0123', '$1.25', '—']);
  });

  it('says how far a study got', () => {
    expect(studyCountsText({ counts: { pending: 1, running: 1, succeeded: 2, failed: 0, timeout: 0, cancelled: 0 }, total: 4 })).toBe('1 running, 1 waiting, 2 succeeded of 4');
    expect(studyCountsText({ counts: { pending: 0, running: 0, succeeded: 2, failed: 1, timeout: 0, cancelled: 0 }, total: 3, noOutput: 1 })).toBe('2 succeeded (1 with no output), 1 failed of 3');
  });

  it('gives a run that left nothing in out/ its own Output column', () => {
    expect(outputText({ status: 'succeeded', noOutput: true })).toBe('no output');
    expect(outputText({ status: 'succeeded', noOutput: false })).toBe('written');
    expect(outputText({ status: 'failed' })).toBe('—');
    expect(runTone({ status: 'succeeded', noOutput: true })).toBe('bad');
    expect(runTone({ status: 'succeeded' })).toBe('ok');
  });

  it('enables each button only when it applies, and says why when it does not', () => {
    const run = (status: StudyRunStatus) => runActions({ status });
    expect(run('running')).toMatchObject({ cancel: true, retry: false, open: true, retryReason: 'It has not finished yet.' });
    expect(run('pending')).toMatchObject({ cancel: false, retry: false, open: false });
    expect(run('failed')).toEqual({ cancel: false, retry: true, open: true, retryReason: undefined });
    expect(run('timeout').retry).toBe(true);
    expect(run('cancelled').retry).toBe(true);
    expect(run('succeeded')).toMatchObject({ cancel: false, retry: false, open: true, retryReason: expect.stringMatching(/^It succeeded; to sample it again/) });
    // A study another process runs is retried there: this app would be refused resuming it.
    const elsewhere = { runner: { where: 'elsewhere' as const, process: 'pid 42 on lab-1' } };
    expect(runActions({ status: 'failed' }, elsewhere)).toMatchObject({ retry: false, retryReason: 'Its study runs in another process (pid 42 on lab-1); retry it there, or here once that ends.' });

    const done = [{ status: 'succeeded' as const }];
    expect(studyActions({ state: 'running' }, done)).toMatchObject({ cancel: true, resume: false, cancelReason: undefined, resumeReason: 'It is running.' });
    expect(studyActions({ state: 'running', ...elsewhere }, done)).toMatchObject({ cancel: true, resumeReason: 'It runs in another process (pid 42 on lab-1).' });
    expect(studyActions({ state: 'finished' }, done)).toMatchObject({ cancel: false, resume: false, cancelReason: 'It is not running.', resumeReason: 'Every run has finished.' });
    expect(studyActions({ state: 'finished' }, [...done, { status: 'cancelled' }])).toMatchObject({ cancel: false, resume: true });
    expect(studyActions({ state: 'interrupted' }, [{ status: 'running' }])).toMatchObject({ cancel: false, resume: true, cancelReason: expect.stringMatching(/the process that ran it has ended/) });
    // A success that left nothing in out/ is not a plain one: Retry applies, and Retry failed runs takes it.
    expect(runActions({ status: 'succeeded', noOutput: true })).toMatchObject({ retry: true, retryReason: undefined });
    expect(studyActions({ state: 'finished' }, done)).toMatchObject({ retryFailed: false, retryFailedReason: 'No run failed, timed out or ended with no output.' });
    expect(studyActions({ state: 'finished' }, [...done, { status: 'succeeded', noOutput: true }])).toMatchObject({ retryFailed: true, retryFailedReason: undefined });
    expect(studyActions({ state: 'running' }, [{ status: 'failed' }])).toMatchObject({ retryFailed: true });
    // A judged or voted run, even a plain success, is retried as a new attempt, once it has finished; the question names what stays behind.
    expect(runActions({ status: 'succeeded', judgments: 3, votes: 0 })).toMatchObject({ retry: true, retryReason: undefined });
    expect(runActions({ status: 'succeeded', judgments: 0, votes: 1 }).retry).toBe(true);
    expect(runActions({ status: 'running', judgments: 3, votes: 1 }).retry).toBe(false);
    expect(retryKeepsEarlierText({ judgments: 3, votes: 1, earlierAttempts: 0 })).toBe(
      'This run has 3 judgments and 1 vote; they stay with the earlier attempt (attempt 1), which is kept. The retry runs attempt 2 under a new run id, and from then on the figures count attempt 2 only.',
    );
    expect(storedAttemptText({ earlierAttempts: 1 })).toBe('attempt 2 of 2');
    expect(storedAttemptText({ earlierAttempts: 0 })).toBe('');
    expect(studyActions({ state: 'running', ...elsewhere }, [{ status: 'timeout' }])).toMatchObject({ retryFailed: false, retryFailedReason: 'It runs in another process (pid 42 on lab-1); retry there, or here once that ends.' });
    expect(studyIsLive({ state: 'finished' }, done)).toBe(false);
    expect(studyIsLive({ state: 'running' }, done)).toBe(true);
  });

  it("shows every model's tokens with the cache figures apart, and each model's share", () => {
    expect(tokensText({ input: 42, output: 200, cacheRead: 7500, cacheWrite: 7000 })).toBe('42 in / 200 out, 7.5k cache read, 7k cache write');
    expect(tokensText({ input: 1200, output: 300, cacheRead: 0, cacheWrite: 0 })).toBe('1.2k in / 300 out');
    expect(
      usageByModelTexts({
        'claude-sonnet-4-5': { input: 24, output: 80, cacheRead: 6000, cacheWrite: 4000, costUsd: 0.018072 },
        'claude-haiku-5-5': { input: 18, output: 120, cacheRead: 1500, cacheWrite: 3000, costUsd: null },
      }),
    ).toEqual(['claude-sonnet-4-5: 24 in / 80 out, 6k cache read, 4k cache write, $0.0181', 'claude-haiku-5-5: 18 in / 120 out, 1.5k cache read, 3k cache write']);
    expect(usageByModelTexts(undefined)).toEqual([]);
  });
});
