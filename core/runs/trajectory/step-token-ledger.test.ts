import { describe, expect, it } from 'vitest';
import { stepTokenLedger } from '../../../schemas/step-token-ledger.ts';
import type { HarnessId, TokenCounts } from '../../../schemas/trajectory.ts';
import { parseTranscriptFile } from './parse-harness-transcript.ts';
import { addTokens, NO_TOKENS } from './token-sums.ts';
import { transcriptFixturePath } from '../harnesses/transcript-fixture-path.fixture.ts';

/** Real transcripts of the three harness CLIs and the command harness (see each fixtures folder's README). */
const REAL_TRANSCRIPTS: [HarnessId, string][] = [
  ['claude-code', 'four-tools.jsonl'],
  ['claude-code', 'haiku-subagent.jsonl'],
  ['claude-code', 'parallel-errors.jsonl'],
  ['codex', 'four-calls-gpt-5.5.jsonl'],
  ['codex', 'mcp-verifier.jsonl'],
  ['gemini-cli', 'four-tools.jsonl'],
  ['gemini-cli', 'tool-errors.jsonl'],
  ['command', 'two-steps-recovered.jsonl'],
];

describe('tokens in the transcript', () => {
  it.each(REAL_TRANSCRIPTS)('of a %s run (%s) add up to the run’s total: each step’s figures plus the part no step reports', async (harness, file) => {
    const trajectory = await parseTranscriptFile(harness, transcriptFixturePath(`${harness}/${file}`));
    const ledger = stepTokenLedger(trajectory);
    let shown: TokenCounts = { ...NO_TOKENS };
    for (const tokens of ledger.byStep.values()) shown = addTokens(shown, tokens);
    if (ledger.outsideSteps) shown = addTokens(shown, ledger.outsideSteps);
    expect(shown).toEqual(ledger.total);
    expect(ledger.total).toEqual(trajectory.tokens);
  });

  it('puts Claude Code’s output tokens, which its stream reports only at the end, outside the steps rather than in the last one', async () => {
    const trajectory = await parseTranscriptFile('claude-code', transcriptFixturePath('claude-code/four-tools.jsonl'));
    const ledger = stepTokenLedger(trajectory);
    expect(ledger.byStep.size).toBe(5);
    expect(ledger.outsideSteps).toEqual({ input: 0, output: 95, cacheRead: 0, cacheWrite: 0 });
  });

  it('says a Gemini CLI or Codex run reports its tokens for the run as a whole: no step figures, all of them outside', async () => {
    for (const [harness, file] of [['gemini-cli', 'four-tools.jsonl'], ['codex', 'four-calls-gpt-5.5.jsonl']] as const) {
      const trajectory = await parseTranscriptFile(harness, transcriptFixturePath(`${harness}/${file}`));
      const ledger = stepTokenLedger(trajectory);
      expect(ledger.byStep.size).toBe(0);
      expect(ledger.outsideSteps).toEqual(trajectory.tokens);
    }
  });
});
