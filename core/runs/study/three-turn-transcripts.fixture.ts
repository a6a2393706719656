import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HarnessId, TokenCounts } from '../../../schemas/trajectory.ts';
import { parseTranscriptFile } from '../trajectory/parse-harness-transcript.ts';
import type { ExecutedTurn } from './multi-turn-trajectory.ts';

/**
 * The real three-turn transcripts of core/runs/harnesses/<harness>/fixtures/three-turns (see
 * their READMEs): two scripted replies a turn, each 100 input tokens of which 60 cached, 20 output.
 */
export const THREE_TURN_FILES = ['transcript.jsonl', 'transcript-turn-2.jsonl', 'transcript-turn-3.jsonl'] as const;
/** What each turn used, and the run. */
export const TURN_TOKENS: TokenCounts = { input: 80, output: 40, cacheRead: 120, cacheWrite: 0 };
export const RUN_TOKENS: TokenCounts = { input: 240, output: 120, cacheRead: 360, cacheWrite: 0 };

export const threeTurnFile = (harness: HarnessId, file: (typeof THREE_TURN_FILES)[number]): string => join(import.meta.dirname, '..', 'harnesses', harness, 'fixtures', 'three-turns', file);

/** The run's turns as the engine has them when they have ended (each parsed alone), and its stored transcript's bytes, turn by turn. */
export async function threeTurnRun(harness: HarnessId, resumed: readonly boolean[] = [false, true, true]): Promise<{ turns: ExecutedTurn[]; parts: Buffer[] }> {
  const turns: ExecutedTurn[] = [];
  const parts: Buffer[] = [];
  let offset = 0;
  for (const [i, file] of THREE_TURN_FILES.entries()) {
    const bytes = readFileSync(threeTurnFile(harness, file));
    turns.push({ record: { index: i + 1, prompt: `turn ${i + 1}`, status: 'succeeded', resumed: resumed[i]!, durationMs: 1000, artifacts: [], transcript: { offset, bytes: bytes.length } }, trajectory: await parseTranscriptFile(harness, threeTurnFile(harness, file)) });
    parts.push(bytes);
    offset += bytes.length;
  }
  return { turns, parts };
}
