import { describe, expect, it } from 'vitest';
import type { HarnessId } from '../../../schemas/trajectory.ts';
import { parseTranscriptFile } from './parse-harness-transcript.ts';
import { transcriptFixturePath } from '../harnesses/transcript-fixture-path.fixture.ts';

/** Real transcripts of the three harness CLIs, each the same four-tool script (see each fixtures folder's README). */
const REAL_TRANSCRIPTS: [HarnessId, string][] = [
  ['claude-code', 'four-tools.jsonl'],
  ['codex', 'four-calls-gpt-5.5.jsonl'],
  ['gemini-cli', 'four-tools.jsonl'],
];
/** What the run engine sent in those runs; Gemini CLI echoes it as its first message, the others do not. */
const PROMPT = 'Build the demo page as the skill says.';

describe('the prompt a run was sent', () => {
  it.each(REAL_TRANSCRIPTS)('is no step of a %s transcript: its steps open with the agent’s first turn', async (harness, file) => {
    const trajectory = await parseTranscriptFile(harness, transcriptFixturePath(`${harness}/${file}`));
    expect(trajectory.steps[0]?.source).toBe('agent');
    expect(trajectory.steps.filter((step) => step.source === 'user')).toEqual([]);
    expect(trajectory.steps.map((step) => step.index)).toEqual(trajectory.steps.map((_, i) => i));
  });

  it('is kept as the trajectory’s prompt when the transcript carries it (Gemini CLI’s echo)', async () => {
    const trajectory = await parseTranscriptFile('gemini-cli', transcriptFixturePath('gemini-cli/four-tools.jsonl'));
    expect(trajectory.prompt).toBe(PROMPT);
  });

  it('keeps a sub-agent’s brief, a user message in the middle of the run, as a step', async () => {
    const trajectory = await parseTranscriptFile('claude-code', transcriptFixturePath('claude-code/haiku-subagent.jsonl'));
    expect(trajectory.steps.map((step) => step.source)).toEqual(['agent', 'user', 'agent', 'agent']);
  });
});
