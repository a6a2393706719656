import { join } from 'node:path';
import { z } from 'zod';
import { TrajectoryTurnSchema } from '../../../schemas/trajectory.ts';
import type { ProcessOutcome } from '../executors/run-process.ts';
import { readRunFileText, replaceRunFile } from '../run-file.ts';

/**
 * A multi-turn run's turns that have ended, in its folder (`turns.json`), written as each one
 * ends: an engine stopped during turn k leaves turns 1..k-1 here, and a resume goes on at turn k
 * with them (their records, artifacts in the blob store, transcripts and outcomes) as they were.
 */

const FILE = 'turns.json';

const EndedTurnSchema = z.object({
  record: TrajectoryTurnSchema.omit({ steps: true, tokens: true }),
  /** Its transcript's file name in the run folder: written for whoever reads the folder, never read back (turnTranscriptName says it). */
  transcriptFile: z.string(),
  /** How its harness process ended (ProcessOutcome), for the run's verdict when it was the last. */
  outcome: z.record(z.string(), z.unknown()),
});
export interface EndedTurn {
  record: z.infer<typeof EndedTurnSchema>['record'];
  transcriptFile: string;
  outcome: ProcessOutcome;
}

/** `attempt`: the run's attempt that wrote it; a file an earlier attempt left (its folder not yet made afresh) is not this one's. */
const TurnProgressSchema = z.object({ attempt: z.number().int().min(1), turns: z.array(EndedTurnSchema) });

/** The transcript file of a run's turn `index` (1-based), named by the engine alone: turn 1's is the run's transcript.jsonl. */
export const turnTranscriptName = (index: number) => (index === 1 ? 'transcript.jsonl' : `transcript-turn-${index}.jsonl`);

export function writeTurnProgress(folder: string, attempt: number, turns: readonly EndedTurn[]): void {
  replaceRunFile(join(folder, FILE), `${JSON.stringify({ attempt, turns }, null, 2)}\n`);
}

/** The ended turns an earlier engine recorded in attempt `attempt`; none when it recorded none, the file is another attempt's, or not one of ours. */
export function readTurnProgress(folder: string, attempt: number): EndedTurn[] {
  try {
    const text = readRunFileText(join(folder, FILE));
    if (text === undefined) return [];
    const progress = TurnProgressSchema.parse(JSON.parse(text));
    if (progress.attempt !== attempt) return [];
    // Each turn's transcript is the one the engine names for its place, whatever name the file gives.
    return progress.turns.map((turn, position) => ({ ...turn, transcriptFile: turnTranscriptName(position + 1), outcome: turn.outcome as unknown as ProcessOutcome }));
  } catch {
    // A file cut off mid-write (it is replaced whole, so only by a failing disk), or not the engine's (a link, a FIFO): the run starts again from turn 1.
    return [];
  }
}
