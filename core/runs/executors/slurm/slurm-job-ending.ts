import type { ProcessOutcome } from '../run-process.ts';
import type { OutcomeFile } from './exec-file.ts';

/** Job states after which the job runs no more (Slurm's JOB_STATE_BASE names). */
export const ENDED = new Set(['COMPLETED', 'FAILED', 'CANCELLED', 'TIMEOUT', 'NODE_FAIL', 'PREEMPTED', 'BOOT_FAIL', 'DEADLINE', 'OUT_OF_MEMORY', 'SPECIAL_EXIT', 'REVOKED']);
/** Ended without the job's own fault: the run is submitted again, once. */
export const LOST = new Set(['NODE_FAIL', 'PREEMPTED', 'BOOT_FAIL', 'VANISHED']);

/** Slurm runs nothing of the job any more: a final state, or a job it no longer knows at all. */
export const jobHasEnded = (state: string) => ENDED.has(state) || state === 'VANISHED';

export type JobEnding = { outcome: ProcessOutcome } | { lost: string };

const SIGTERM_EXIT_CODE = 128 + 15;

/**
 * How a run ended, from the outcome its job wrote and Slurm's state of the job; undefined while
 * the job has not ended (an outcome counts only once Slurm says nothing of the job runs any more)
 * and for an outcome of another job than the one followed (an earlier submission's, or one
 * written by hand).
 *
 * A job stopped from outside (scancel, the time limit, a lost node, a preemption) gets SIGTERM in
 * every process of the job at once: `lhb runs exec` may record it as a cancel, or the harness may
 * end first and be recorded as exiting 143 (a shell's answer to SIGTERM) or by the signal. Either
 * way only Slurm's final state says which stop it was, so the outcome waits for it.
 */
export function endingFromOutcomeFile(written: OutcomeFile, jobId: string, state: string, cancelSent: boolean): JobEnding | undefined {
  if (written.jobId !== jobId || !jobHasEnded(state)) return undefined;
  const outcome: ProcessOutcome = { ...written.outcome, signal: written.outcome.signal as NodeJS.Signals | null };
  const terminated = outcome.cancelled || outcome.signal === 'SIGTERM' || outcome.exitCode === SIGTERM_EXIT_CODE;
  if (cancelSent || !terminated) return { outcome };
  if (LOST.has(state)) return { lost: lostWords(jobId, state) };
  // The job's SIGTERM came from Slurm's own time limit, not from a cancel.
  if (state === 'TIMEOUT') return { outcome: { ...outcome, cancelled: false, timedOut: true } };
  if (state === 'CANCELLED') return { outcome: { ...outcome, cancelled: true } };
  // Ended normally: the harness itself ended by SIGTERM (or a cancel nobody here sent), as recorded.
  return { outcome };
}

export function lostWords(jobId: string, state: string): string {
  return state === 'VANISHED' ? `Slurm job ${jobId} vanished (Slurm no longer knows it: a node failure, a preemption or a cluster restart that lost it)` : `Slurm job ${jobId} ended ${state}`;
}

/** squeue's time used (`%M`: `M:SS`, `H:MM:SS` or `D-HH:MM:SS`) in ms; undefined for a job not started (`INVALID`). */
export function slurmDurationMs(text: string): number | undefined {
  const match = /^(?:(\d+)-)?(?:(\d+):)?(\d+):(\d+)$/.exec(text.trim());
  if (!match) return undefined;
  const [, days, hours, minutes, seconds] = match;
  return (((Number(days ?? 0) * 24 + Number(hours ?? 0)) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000;
}
