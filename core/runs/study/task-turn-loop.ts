import { lstatSync } from 'node:fs';
import { readWholeRunFile } from '../run-file.ts';
import { join } from 'node:path';
import type { TaskTurn } from '../../../schemas/task-turns.ts';
import type { Trajectory, TrajectoryTurn } from '../../../schemas/trajectory.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';
import type { ExecuteRequest, PreparedRun, RunExecutor } from '../executors/run-executor.ts';
import type { ProcessOutcome } from '../executors/run-process.ts';
import type { HarnessAdapter, PrepareRunInput } from '../harnesses/harness-adapter.ts';
import { symlinksIn } from '../sandbox/agent-written-files.ts';
import { listFolderFiles } from './list-folder-files.ts';
import type { ExecutedTurn } from './multi-turn-trajectory.ts';
import { putRunBlob } from './run-blob.ts';
import { turnTranscriptName, writeTurnProgress, type EndedTurn } from './turn-progress.ts';

/**
 * A multi-turn task's turns after the first: each revision request sent once the turn before has
 * ended (as its `after` asks), in the same work folder and, where the harness can continue it,
 * the same session; each turn recorded with `out/` as it left it, and written to the run folder's
 * turns.json as it ends. A run an earlier engine left during turn k goes on at turn k: turns
 * 1..k-1 are kept as they ended, and turn k is run again in the session (or afresh, recorded, when
 * the harness cannot continue it).
 */

export interface TaskTurnLoopInput {
  workspace: Workspace;
  folder: string;
  /** The run's attempt these turns belong to (turns.json says so). */
  attempt: number;
  workdir: string;
  adapter: HarnessAdapter;
  executor: RunExecutor;
  /** What every turn's process shares: the run, its key, its limits, cancel, live progress. */
  eachTurn: Omit<ExecuteRequest, 'mayBeLive' | 'prepare' | 'stdoutFile' | 'stderrFile'>;
  followUps: readonly TaskTurn[];
  /** The turns that had ended, the first among them, in order; this loop adds the rest. */
  ended: EndedTurn[];
  /** The turns' own parsed transcripts, beside `ended`. */
  trajectories: (Trajectory | undefined)[];
  /** The first turn's sandbox and invocation input, which later turns continue; none for a process that only followed an earlier one's job. */
  firstTurn: PreparedRun | undefined;
  prepareInput: PrepareRunInput | undefined;
  /** The session the first turn's transcript named. */
  sessionId: string | null;
  /** True when an earlier engine stopped during the turn after `ended`: that turn is run again, and its record says how. */
  interrupted: boolean;
  parseTurn(file: string): Promise<Trajectory | undefined>;
  turnFailed(outcome: ProcessOutcome, trajectory: Trajectory | undefined): boolean;
  /** The run is being stopped (cancelled, or its key refused): no further turn is sent. */
  stopped(): boolean;
}

/** Turn 1's record, as it ended: the start of the run's turns.json. */
export async function firstTurnEnded(workspace: Workspace, input: { prompt: string; failed: boolean; durationMs: number | null; outDir: string; transcriptFile: string; outcome: ProcessOutcome }): Promise<EndedTurn> {
  return {
    record: { index: 1, prompt: input.prompt, status: input.failed ? 'failed' : 'succeeded', resumed: false, durationMs: input.durationMs, artifacts: await snapshotOut(workspace, input.outDir), transcript: segmentAfter(undefined, input.transcriptFile) },
    transcriptFile: turnTranscriptName(1),
    outcome: input.outcome,
  };
}

/** Runs the turns not yet ended; returns every turn of the run, in order, each with its own trajectory. */
export async function runTaskTurnLoop(input: TaskTurnLoopInput): Promise<ExecutedTurn[]> {
  const { folder, adapter, ended, trajectories, sessionId } = input;
  writeTurnProgress(folder, input.attempt, ended);
  for (const [position, turn] of input.followUps.entries()) {
    const index = position + 2;
    if (index <= ended.length) continue; // it ended before the engine stopped
    // A turn is sent only once the one before ended as it asks, and never to a run being stopped;
    // nor after a process that only followed an earlier one's job, which knows no invocation to continue.
    if (!input.firstTurn || !input.prepareInput || input.stopped()) break;
    if (turn.after === 'succeeded' && ended.at(-1)!.record.status !== 'succeeded') break;
    const { sandbox } = input.firstTurn;
    const turnInput: PrepareRunInput = { ...input.prepareInput, prompt: turn.prompt };
    const file = join(folder, turnTranscriptName(index));
    // The adapter says how this turn's prompt reaches the harness; its resume arguments continue the session.
    const runTurn = async (resume: boolean) => {
      const prepare = async (): Promise<PreparedRun> => {
        const invocation = await adapter.prepare(turnInput);
        return { invocation: resume ? { ...invocation, args: adapter.resumeArgs!(invocation.args, sessionId!) } : invocation, sandbox };
      };
      const outcome = await input.executor.execute({ ...input.eachTurn, mayBeLive: false, prepare, stdoutFile: file, stderrFile: join(folder, `stderr-turn-${index}.log`) });
      return { outcome, trajectory: await input.parseTurn(file) };
    };
    // A harness that cannot continue the session is sent the request fresh, in the same work folder; the turn says so.
    let resumed = adapter.resumeArgs !== null && sessionId !== null;
    let { outcome, trajectory } = await runTurn(resumed);
    let restarted: string | undefined;
    if (input.interrupted && index === ended.length + 1) {
      const stoppedIn = 'The engine stopped during this turn';
      if (resumed && input.turnFailed(outcome, trajectory) && !reachedTheModel(trajectory) && !input.stopped()) {
        // The session the interrupted turn was in could not be continued (its harness exited before asking the model anything).
        const why = lastLine(outcome.stderrTail) || `it exited with code ${outcome.exitCode}`;
        ({ outcome, trajectory } = await runTurn(false));
        resumed = false;
        restarted = `${stoppedIn}; ${adapter.displayName} could not continue its session (${why}), so the turn was run again afresh in the work folder turn ${index - 1} left.`;
      } else if (resumed) {
        restarted = `${stoppedIn}; it was run again, continued in the harness session.`;
      } else {
        restarted = `${stoppedIn}; it was run again afresh (${adapter.resumeArgs === null ? `${adapter.displayName} has no session to continue` : 'the first turn named no session'}) in the work folder turn ${index - 1} left.`;
      }
    }
    ended.push({
      record: {
        index,
        prompt: turn.prompt,
        status: input.turnFailed(outcome, trajectory) ? 'failed' : 'succeeded',
        resumed,
        ...(restarted ? { restarted } : {}),
        durationMs: harnessWallMs(outcome),
        artifacts: await snapshotOut(input.workspace, join(input.workdir, 'out')),
        transcript: segmentAfter(ended.at(-1)!.record.transcript, file),
      },
      transcriptFile: turnTranscriptName(index),
      outcome,
    });
    trajectories.push(trajectory);
    writeTurnProgress(folder, input.attempt, ended);
  }
  return ended.map((turn, i) => ({ record: turn.record, trajectory: trajectories[i] }));
}

/** The turn's harness asked the model something: it had a session to work in. */
function reachedTheModel(trajectory: Trajectory | undefined): boolean {
  return trajectory !== undefined && (trajectory.tokens.input > 0 || trajectory.steps.some((step) => step.source !== 'user'));
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1)?.trim().slice(0, 300) ?? '';
}

/**
 * The harness process's wall time, spawn to exit: the run's one duration (core/runs/run-duration.ts).
 * Null when it never ran (the spawn failed) or the executor lost it.
 */
export function harnessWallMs(outcome: ProcessOutcome): number | null {
  return outcome.spawnError !== null || outcome.lostReason !== undefined ? null : outcome.durationMs;
}

/** Where a turn's transcript sits in the run's stored one: right after the turn before's (a file that is not a regular one is not stored). */
function segmentAfter(previous: TrajectoryTurn['transcript'] | undefined, file: string): TrajectoryTurn['transcript'] {
  const stat = lstatSync(file, { throwIfNoEntry: false });
  return { offset: previous ? previous.offset + previous.bytes : 0, bytes: stat?.isFile() ? stat.size : 0 };
}

/** `out/` as a turn left it, each file in the blob store (the same bytes stored once); nothing when it holds links. */
async function snapshotOut(workspace: Workspace, outDir: string): Promise<TrajectoryTurn['artifacts']> {
  if (symlinksIn(outDir).length > 0) return [];
  const artifacts: TrajectoryTurn['artifacts'] = [];
  for (const path of listFolderFiles(outDir)) {
    // The agent's file: read without following a link or blocking, and only as the regular file it was listed as.
    const bytes = readWholeRunFile(join(outDir, ...path.split('/')), Number.MAX_SAFE_INTEGER);
    if (!bytes) continue;
    artifacts.push({ path, sha256: await putRunBlob(workspace, bytes), sizeBytes: bytes.length });
  }
  return artifacts;
}
