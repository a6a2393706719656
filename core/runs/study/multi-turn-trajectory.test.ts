import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stepTokenLedger } from '../../../schemas/step-token-ledger.ts';
import type { HarnessId, TokenCounts } from '../../../schemas/trajectory.ts';
import { harnessAdapter } from '../harnesses/harness-registry.ts';
import { exportAtif } from '../trajectory/atif.ts';
import { parseTranscriptFile } from '../trajectory/parse-harness-transcript.ts';
import { addTokens, NO_TOKENS } from '../trajectory/token-sums.ts';
import { mergeTurnTrajectories, type ExecutedTurn } from './multi-turn-trajectory.ts';

// The real three-turn transcripts (fixtures/<harness>/three-turns: two scripted replies a turn, each
// 100 input tokens of which 60 cached, 20 output) merged as the engine merges a multi-turn run.

const TURN: TokenCounts = { input: 80, output: 40, cacheRead: 120, cacheWrite: 0 };
const RUN: TokenCounts = { input: 240, output: 120, cacheRead: 360, cacheWrite: 0 };
const FILES = ['transcript.jsonl', 'transcript-turn-2.jsonl', 'transcript-turn-3.jsonl'];

async function threeTurns(harness: HarnessId, resumed: boolean[] = [false, true, true]): Promise<ExecutedTurn[]> {
  const turns: ExecutedTurn[] = [];
  let offset = 0;
  for (const [i, file] of FILES.entries()) {
    const path = join(import.meta.dirname, '..', 'trajectory', 'fixtures', harness, 'three-turns', file);
    const bytes = statSync(path).size;
    turns.push({ record: { index: i + 1, prompt: `turn ${i + 1}`, status: 'succeeded', resumed: resumed[i]!, durationMs: 1000, artifacts: [], transcript: { offset, bytes } }, trajectory: await parseTranscriptFile(harness, path) });
    offset += bytes;
  }
  return turns;
}

describe.each(['codex', 'claude-code', 'gemini-cli'] as const)('a %s run of three turns in one session', (harness) => {
  it('counts each turn’s own tokens once, whatever its transcript reports, and its steps and ATIF file agree', async () => {
    const trajectory = mergeTurnTrajectories(await threeTurns(harness), harnessAdapter(harness).resumedTurnUsage)!;
    expect(trajectory.turns!.map((turn) => turn.tokens)).toEqual([TURN, TURN, TURN]);
    expect(trajectory.tokens).toEqual(RUN);
    // The steps' own figures and the part no step reports add up to the run's total, never above it.
    const ledger = stepTokenLedger(trajectory);
    let shown: TokenCounts = { ...NO_TOKENS };
    for (const tokens of ledger.byStep.values()) shown = addTokens(shown, tokens);
    expect(ledger.total).toEqual(RUN);
    expect(addTokens(shown, ledger.outsideSteps ?? NO_TOKENS)).toEqual(RUN);
    const atif = exportAtif(trajectory);
    expect(atif.final_metrics).toMatchObject({ total_prompt_tokens: RUN.input + RUN.cacheRead, total_completion_tokens: RUN.output, total_cached_tokens: RUN.cacheRead });
  });
});

describe('a turn sent afresh in a new session', () => {
  it('is counted whole, and the session continued after it is counted from where it was', async () => {
    // Turn 2 as if the harness could not continue the session: its report (the session's total of two turns) is taken as its own.
    const turns = await threeTurns('codex', [false, false, true]);
    const trajectory = mergeTurnTrajectories(turns, 'session')!;
    expect(trajectory.turns!.map((turn) => turn.tokens)).toEqual([TURN, addTokens(TURN, TURN), addTokens(TURN, TURN)]);
  });
});
