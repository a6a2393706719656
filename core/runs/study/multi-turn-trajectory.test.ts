import { describe, expect, it } from 'vitest';
import { stepTokenLedger } from '../../../schemas/step-token-ledger.ts';
import type { TokenCounts } from '../../../schemas/trajectory.ts';
import { harnessAdapter } from '../harnesses/harness-registry.ts';
import { exportAtif } from '../trajectory/atif.ts';
import { addTokens, NO_TOKENS } from '../trajectory/token-sums.ts';
import { mergeTurnTrajectories } from './multi-turn-trajectory.ts';
import { parseTranscript } from '../trajectory/read-transcript-lines.ts';
import { summariseTrajectory } from '../trajectory/summarise-trajectory.ts';
import { RUN_TOKENS as RUN, THREE_TURN_FILES, threeTurnFile, threeTurnRun, TURN_TOKENS as TURN } from './three-turn-transcripts.fixture.ts';

// The real three-turn transcripts merged as the engine merges a multi-turn run.

describe.each(['codex', 'claude-code', 'gemini-cli'] as const)('a %s run of three turns in one session', (harness) => {
  it('counts each turn’s own tokens once, whatever its transcript reports, and its steps and ATIF file agree', async () => {
    const trajectory = mergeTurnTrajectories((await threeTurnRun(harness)).turns, harnessAdapter(harness).resumedTurnUsage)!;
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
    const { turns } = await threeTurnRun('codex', [false, false, true]);
    const trajectory = mergeTurnTrajectories(turns, 'session')!;
    expect(trajectory.turns!.map((turn) => turn.tokens)).toEqual([TURN, addTokens(TURN, TURN), addTokens(TURN, TURN)]);
  });
});

describe.each(['codex', 'claude-code', 'gemini-cli'] as const)('a %s run of three turns, each cut to its first step and tool call', (harness) => {
  it('still counts every turn’s steps, and the run’s steps, calls, failures and tokens are those of the uncut run', async () => {
    const { turns } = await threeTurnRun(harness);
    const createParser = await harnessAdapter(harness).loadParser();
    const cutTurns = await Promise.all(
      turns.map(async (turn, i) => ({ ...turn, trajectory: await parseTranscript(createParser({ limits: { maxSteps: 1, maxToolCalls: 1 } }), threeTurnFile(harness, THREE_TURN_FILES[i]!)) })),
    );
    const whole = mergeTurnTrajectories(turns, harnessAdapter(harness).resumedTurnUsage)!;
    const cut = mergeTurnTrajectories(cutTurns, harnessAdapter(harness).resumedTurnUsage)!;
    expect(cut.steps).toHaveLength(3);
    expect(cut.omitted?.steps).toBe(whole.steps.length - 3);
    expect(cut.turns!.map((turn) => turn.steps)).toEqual(whole.turns!.map((turn) => turn.steps));
    expect(summariseTrajectory(cut)).toEqual(summariseTrajectory(whole));
  });
});
