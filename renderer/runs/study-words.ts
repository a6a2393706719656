import { didNotSucceed, type StudyRunStatus, type StudyRunView, type StudySummary } from '../../schemas/studies.ts';
import type { ModelUsage } from '../../schemas/trajectory.ts';
import { durationText, elapsedMs } from '../../schemas/run-duration.ts';

/** "2 min 5 s", or "—" before it started. */
export function elapsedText(run: Pick<StudyRunView, 'startedAt' | 'finishedAt' | 'durationMs'>, now: number): string {
  const ms = elapsedMs(run, now);
  return ms === undefined ? '—' : (durationText(ms) ?? '—');
}

/** 950 → "950", 12_345 → "12.3k", 2_500_000 → "2.5M". */
export function compactCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${trimZero((n / 1000).toFixed(n < 10_000 ? 1 : 0))}k`;
  return `${trimZero((n / 1_000_000).toFixed(1))}M`;
}

function trimZero(text: string): string {
  return text.replace(/\.0$/, '');
}

/** "12.3k in / 850 out", with the cache figures apart when there are any ("…, 6k cache read, 4k cache write"), or "—" when none were reported. */
export function tokensText(tokens: { input: number; output: number; cacheRead?: number | undefined; cacheWrite?: number | undefined } | null): string {
  if (tokens === null) return '—';
  const cache = [tokens.cacheRead ? `${compactCount(tokens.cacheRead)} cache read` : '', tokens.cacheWrite ? `${compactCount(tokens.cacheWrite)} cache write` : ''].filter(Boolean);
  return [`${compactCount(tokens.input)} in / ${compactCount(tokens.output)} out`, ...cache].join(', ');
}

/** Each model's share of a run, one entry a model: "claude-haiku-5-5: 18 in / 120 out, 1.5k cache read, 3k cache write, $0.0005". */
export function usageByModelTexts(usageByModel: Readonly<Record<string, ModelUsage>> | undefined): string[] {
  return Object.entries(usageByModel ?? {}).map(([model, usage]) => `${model}: ${tokensText(usage)}${usage.costUsd !== null ? `, ${costText(usage.costUsd)}` : ''}`);
}

/** "4 (1 failed)", "3", or "—" before any was counted. */
export function toolCallsText(toolCalls: number | null, failed: number | null): string {
  if (toolCalls === null) return '—';
  return failed ? `${toolCalls} (${failed} failed)` : String(toolCalls);
}

/** "$0.0123", "$1.25", or "—" when the harness reported no cost. */
export function costText(costUsd: number | null): string {
  if (costUsd === null) return '—';
  return costUsd < 0.1 ? `$${costUsd.toFixed(4)}` : `$${costUsd.toFixed(2)}`;
}

export const STATUS_WORDS: Readonly<Record<StudyRunStatus, string>> = {
  pending: 'waiting',
  running: 'running',
  succeeded: 'succeeded',
  failed: 'failed',
  timeout: 'timed out',
  cancelled: 'cancelled',
};

/** The tone a status is shown in: good, bad, live or quiet. */
export function statusTone(status: StudyRunStatus): 'ok' | 'bad' | 'live' | 'quiet' {
  if (status === 'succeeded') return 'ok';
  if (status === 'failed' || status === 'timeout') return 'bad';
  if (status === 'running') return 'live';
  return 'quiet';
}

/** "1 running, 2 succeeded, 1 failed of 4", the nonzero counts in the order a study moves through them. */
export function studyCountsText(study: Pick<StudySummary, 'counts' | 'total' | 'noOutput'>): string {
  const order: StudyRunStatus[] = ['running', 'pending', 'succeeded', 'failed', 'timeout', 'cancelled'];
  const parts = order.filter((status) => (study.counts[status] ?? 0) > 0).map((status) => `${study.counts[status]} ${STATUS_WORDS[status]}${status === 'succeeded' && study.noOutput ? ` (${study.noOutput} with no output)` : ''}`);
  return `${parts.length > 0 ? parts.join(', ') : 'no runs'} of ${study.total}`;
}

export const STUDY_STATE_WORDS: Readonly<Record<StudySummary['state'], string>> = {
  running: 'running',
  finished: 'finished',
  cancelled: 'cancelled',
  interrupted: 'interrupted',
};

/** Whether a study still changes: poll it while it does. */
export function studyIsLive(study: Pick<StudySummary, 'state'>, runs: readonly Pick<StudyRunView, 'status'>[]): boolean {
  return study.state === 'running' || runs.some((run) => run.status === 'running');
}

/** Why a button is off, said next to it; undefined while it applies. */
export type ActionReason = string | undefined;

/** The Output column: "no output" for a run that ended without an error but left nothing in out/, "written" for a success that left files, "—" otherwise. */
export function outputText(run: Pick<StudyRunView, 'status' | 'noOutput'>): string {
  if (run.status !== 'succeeded') return '—';
  return run.noOutput ? 'no output' : 'written';
}

/** The tone a run is shown in: a success with no output is not a plain success. */
export function runTone(run: Pick<StudyRunView, 'status' | 'noOutput'>): ReturnType<typeof statusTone> {
  return run.status === 'succeeded' && run.noOutput ? 'bad' : statusTone(run.status);
}

/**
 * Which of a run's buttons apply, and why one does not: Cancel while it runs; Retry once it
 * failed, timed out, was cancelled or left nothing in out/, or once judgments or votes name it
 * (whatever its status: the retry is a new attempt, and they stay with this one), by this app (a
 * study another process runs is retried there); its record once it started.
 */
export function runActions(run: Pick<StudyRunView, 'status' | 'noOutput' | 'judgments' | 'votes'>, study?: Pick<StudySummary, 'runner'>): { cancel: boolean; retry: boolean; open: boolean; retryReason: ActionReason } {
  const finished = run.status !== 'running' && run.status !== 'pending';
  const retryable = didNotSucceed(run) || run.status === 'cancelled' || (finished && keptByRetry(run));
  const elsewhere = study?.runner?.where === 'elsewhere';
  return {
    cancel: run.status === 'running',
    retry: retryable && !elsewhere,
    open: run.status !== 'pending',
    retryReason: elsewhere && retryable
      ? `Its study runs in another process (${study.runner!.process}); retry it there, or here once that ends.`
      : retryable
        ? undefined
        : run.status === 'succeeded'
          ? 'It succeeded; to sample it again, start the study with another repeat.'
          : 'It has not finished yet.',
  };
}

/** Whether a retry of this run keeps it as an earlier attempt: judgments or votes name it. */
export function keptByRetry(run: Pick<StudyRunView, 'judgments' | 'votes'>): boolean {
  return (run.judgments ?? 0) > 0 || (run.votes ?? 0) > 0;
}

/** What the retry of a judged or voted run asks first: its judgments and votes stay with the earlier attempt, and the figures count the new one. */
export function retryKeepsEarlierText(run: Pick<StudyRunView, 'judgments' | 'votes' | 'earlierAttempts'>): string {
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const attempt = (run.earlierAttempts ?? 0) + 1;
  return (
    `This run has ${count(run.judgments ?? 0, 'judgment')} and ${count(run.votes ?? 0, 'vote')}; they stay with the earlier attempt (attempt ${attempt}), which is kept. ` +
    `The retry runs attempt ${attempt + 1} under a new run id, and from then on the figures count attempt ${attempt + 1} only.`
  );
}

/** "attempt 2 of 2" for a run whose earlier attempts a retry kept; empty for a run with one stored attempt. */
export function storedAttemptText(run: Pick<StudyRunView, 'earlierAttempts'>): string {
  const earlier = run.earlierAttempts ?? 0;
  return earlier === 0 ? '' : `attempt ${earlier + 1} of ${earlier + 1}`;
}

/**
 * Cancel while the study runs, here or in another process (which stops its runs within a second
 * or two of seeing the request in the store); Resume when it stopped with runs left to do
 * (waiting, cut off, cancelled); Retry failed runs when some failed, timed out or left nothing in
 * out/ (auth and quota failures too: the engine never retries those on its own), unless another
 * process runs the study. Each off button says why.
 */
export function studyActions(
  study: Pick<StudySummary, 'state' | 'runner'>,
  runs: readonly Pick<StudyRunView, 'status' | 'noOutput'>[],
): { cancel: boolean; resume: boolean; retryFailed: boolean; cancelReason: ActionReason; resumeReason: ActionReason; retryFailedReason: ActionReason } {
  const running = study.state === 'running';
  const elsewhere = study.runner?.where === 'elsewhere';
  const resume = !running && runs.some((run) => run.status === 'pending' || run.status === 'running' || run.status === 'cancelled');
  const failed = runs.filter((run) => didNotSucceed(run)).length;
  return {
    cancel: running,
    resume,
    retryFailed: failed > 0 && !elsewhere,
    cancelReason: running
      ? undefined
      : study.state === 'interrupted'
        ? 'Nothing runs it: the process that ran it has ended. Resume runs what is left here.'
        : 'It is not running.',
    resumeReason: resume
      ? undefined
      : running
        ? elsewhere
          ? `It runs in another process (${study.runner!.process}).`
          : 'It is running.'
        : 'Every run has finished.',
    retryFailedReason: failed === 0 ? 'No run failed, timed out or ended with no output.' : elsewhere ? `It runs in another process (${study.runner!.process}); retry there, or here once that ends.` : undefined,
  };
}

/** Above a study that runs without the sandbox (its study file or the New study form said so): what that lets its agents do. */
export function unsandboxedStudyWarning(spec: { sandbox?: boolean | undefined }): string | undefined {
  if (spec.sandbox !== false) return undefined;
  return 'This study runs without sandbox: every agent runs as an ordinary process of yours, its permission prompts bypassed, and a hostile or prompt-injected agent can read and change anything you can (your home, SSH keys, this workspace’s database, other runs).';
}

/** The sandbox a run ran in, as its record says: mode, network, and each limit with what enforced it. */
export function sandboxText(sandbox: StudyRunView['sandbox']): string {
  if (!sandbox) return '—';
  if (sandbox.mode === 'none') return 'none: ran without the sandbox, as an ordinary process of yours';
  const parts = [`bubblewrap · network ${sandbox.network ?? 'host'}`];
  if (sandbox.allowedHosts) parts.push(`reaches ${sandbox.allowedHosts.length > 0 ? sandbox.allowedHosts.join(', ') : 'no host'}`);
  if (sandbox.refusedHosts?.length) parts.push(`refused ${sandbox.refusedHosts.join(', ')}`);
  const limits = sandbox.limits;
  if (limits) {
    parts.push(`memory ${bytesText(limits.memoryBytes)} (${limits.memoryVia})`, `${limits.processes} processes (${limits.processesVia})`);
    if (limits.diskBytes) parts.push(`disk ${bytesText(limits.diskBytes)} (${limits.diskVia ?? 'run-folder-watch'})`);
  }
  return parts.join(' · ');
}

function bytesText(bytes: number): string {
  const mib = bytes / 1048576;
  return mib >= 1024 && mib % 1024 === 0 ? `${mib / 1024} GiB` : `${Math.round(mib)} MiB`;
}
