import type { StudyRunView } from '../../schemas/studies.ts';
import type { Api } from '../api/create-api.ts';
import { durationText, elapsedMs } from '../../schemas/run-duration.ts';
import { followJob } from './follow-job.ts';
import { StatusLine } from './status-line.ts';

const POLL_MS = 500;
const BAR_WIDTH = 24;

/** How a run's status reads in `lhb runs start --json`'s last line: finished for good, or not. */
export function finalStatus(run: StudyRunView): 'succeeded' | 'failed' | 'cancelled' {
  if (run.status === 'succeeded') return 'succeeded';
  if (run.status === 'failed' || run.status === 'timeout') return 'failed';
  return 'cancelled';
}

/** The run's one duration once it has one, else how long it has been going (the Runs screen's Elapsed). */
function elapsed(run: StudyRunView): string {
  const ms = elapsedMs(run, Date.now());
  return ms === undefined ? '' : (durationText(ms) ?? '');
}

export function describeRun(run: StudyRunView): string {
  // "no output" stands beside the status: the run ended without an error but left nothing in out/.
  const parts = [`${run.id.slice(0, 8)}  ${run.taskId}  ${run.harness}/${run.model}`, run.noOutput ? `${run.status}  no output` : run.status];
  if (run.startedAt) parts.push(elapsed(run));
  if (run.steps !== null) parts.push(`${run.steps} steps`);
  if (run.toolCalls !== null) parts.push(`${run.toolCalls} tool calls (${run.failedToolCalls ?? 0} failed)`);
  if (run.tokens) parts.push(`${run.tokens.input + run.tokens.output} tokens`);
  if (run.errorMessage) parts.push(run.errorMessage);
  else if (run.lastEvent && run.status === 'running') parts.push(run.lastEvent);
  return parts.join('  ');
}

/** A followed study's runs at its end, and the lines stderr already holds. */
export interface FollowedStudy {
  runs: StudyRunView[];
  /** Each run whose line was said on stderr as it ended: its id → the status and attempt that line told. */
  listed: ReadonlyMap<string, string>;
}

const runKey = (run: StudyRunView): string => `${run.status}|${run.attempts}`;

/** Whether stderr already holds `run`'s line as it stands at the end (same status, same attempt). */
export function listedAsItEnded(followed: FollowedStudy, run: StudyRunView): boolean {
  return followed.listed.get(run.id) === runKey(run);
}

/**
 * Follows a study's job to its end: a progress bar on a terminal (stderr) and a line on stderr per
 * finished run, or JSON lines (`{"type":"run",…}` on every change) with `json`. Ctrl+C cancels the
 * study (its finished runs are kept; a second Ctrl+C quits at once). Returns the runs and which of
 * them stderr already listed.
 */
export async function followStudy(api: Api, studyId: string, jobId: string, options: { json?: boolean; quiet?: boolean }): Promise<FollowedStudy> {
  const seen = new Map<string, string>();
  const listed = new Map<string, string>();
  const bar = new StatusLine({ live: process.stderr.isTTY === true && !options.json && !options.quiet });
  let runs: StudyRunView[] = [];
  const tick = async () => {
    const view = await api.call('runs.study', { studyId });
    runs = view.runs;
    for (const run of view.runs) {
      const key = runKey(run);
      if (seen.get(run.id) === key) continue;
      seen.set(run.id, key);
      if (options.json) {
        process.stdout.write(`${JSON.stringify({ type: 'run', id: run.id, task: run.taskId, harness: run.harness, model: run.model, status: run.status, errorKind: run.errorKind, runId: run.runId })}\n`);
      } else if (!options.quiet && ['succeeded', 'failed', 'timeout', 'cancelled'].includes(run.status)) {
        bar.clear();
        process.stderr.write(`${describeRun(run)}\n`);
        listed.set(run.id, key);
      }
    }
    const done = view.study.total - view.study.counts.pending - view.study.counts.running;
    const filled = view.study.total === 0 ? 0 : Math.round((done / view.study.total) * BAR_WIDTH);
    const running = view.runs.filter((r) => r.status === 'running').map((r) => `${r.harness} ${elapsed(r)}`).join(', ');
    bar.show(`[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${done}/${view.study.total} runs${running ? `  running: ${running}` : ''}`);
  };
  const job = await followJob(api.context.jobs, jobId, {
    poll: { everyMs: POLL_MS, tick },
    ctrlC: { notice: '\nCancelling the study: its running harnesses are stopped, finished runs are kept. Ctrl+C again quits at once.\n', secondQuits: true },
    statusLine: bar,
  });
  // The study stopped on an error (a key, the sandbox, the cluster): its runs are kept, and resume goes on from there.
  if (job?.state === 'failed') throw new Error(`${job.message} The study's finished runs are kept; once that is fixed, resume it with: lhb runs resume ${studyId}`);
  if (!options.json && !options.quiet && job) process.stderr.write(`${job.message}\n`);
  return { runs, listed };
}
