import { z } from 'zod';
import type { JudgeTier } from '../../../schemas/judge.ts';
import type { JudgeContentPart, JudgeTurn } from '../providers/judge-provider.ts';
import type { ReplyReading } from '../judging/ask-judge.ts';
import { hashJudgeInput, judgeSystemPreamble, mergeAdjacentText, type JudgePrompt, type JudgingMaterial } from '../judging/build-prompt.ts';
import { extractReplyJson } from '../judging/parse-judge-reply.ts';

/** The two sides as the prompt names them: the one shown first, then the other. */
export type ShownSide = 'first' | 'second' | 'tie';

const PAIRWISE_RULES = [
  'You are shown the work of two AI agents on the same task, as Agent A and Agent B, and decide which did the task better, or that neither did.',
  'Rules:',
  '- Compare only what you can observe in the material shown for each agent; absence of evidence is evidence of absence.',
  '- The order in which the two agents are shown, the letters, and the length of their material say nothing about their quality; do not let them sway you.',
  '- Do not reward effort, intentions or claims an agent made about its own work.',
  '- Answer "tie" only when neither did the task better; reply with JSON only.',
].join('\n');

/** The pairwise preamble: the tier's strict evaluator focus, then the pairwise rules. */
export function pairwiseSystemPreamble(tier: JudgeTier): string {
  return `${judgeSystemPreamble(tier).split('\n')[0]}\n${PAIRWISE_RULES}`;
}

export const PAIRWISE_REPLY_FORMAT = 'Reply with JSON only: {"winner": "A" | "B" | "tie", "reason": "<what you observed in each agent\'s work that decided it, in a few sentences>"}.';

const text = (value: string): JudgeContentPart => ({ type: 'text', text: value });

/** One side's material under its heading: what the run's context says of it (how it finished), its evidence and notes. */
function side(letter: 'A' | 'B', material: JudgingMaterial): JudgeContentPart[] {
  return [
    text(`## Agent ${letter}\n${material.context.trim()}`),
    ...material.evidence,
    ...(material.notes.length > 0 ? [text(`Notes on Agent ${letter}'s evidence:\n${material.notes.map((note) => `- ${note}`).join('\n')}`)] : []),
  ];
}

/**
 * The prompt asking a judge to compare two runs of one task: each run's blind material (the same
 * material a judge scores it by, loadJudgingMaterial) under "Agent A" (`first`, shown first) and
 * "Agent B", the task's instruction once before them, and the reply's shape after. Asked twice,
 * once with each run first.
 */
export function buildPairwisePrompt(first: JudgingMaterial, second: JudgingMaterial): JudgePrompt {
  if (first.tier !== second.tier) throw new RangeError(`Both runs of a pair are shown at one tier, not ${first.tier} and ${second.tier}.`);
  const content: JudgeContentPart[] = [
    text(`## Instruction given to both agents\n${first.instruction.trim() || '(none recorded)'}`),
    ...side('A', first),
    ...side('B', second),
    text(`## Your reply\n${PAIRWISE_REPLY_FORMAT}`),
  ];
  const system = pairwiseSystemPreamble(first.tier);
  const turns: JudgeTurn[] = [{ role: 'user', content: mergeAdjacentText(content) }];
  return { system, turns, inputHash: hashJudgeInput(system, turns), images: content.filter((part) => part.type === 'image').length };
}

const PairwiseReplySchema = z.object({ winner: z.string(), reason: z.string().default('') });

/** A judge's pairwise reply read as the side it picked (first shown, second, or a tie) and its reason; or what was wrong, for the repair request. */
export function readPairwiseReply(reply: string): ReplyReading<{ pick: ShownSide; reason: string }> {
  let json: unknown;
  try {
    json = extractReplyJson(reply);
  } catch (error) {
    return { ok: false, error: `${(error as Error).message}; reply with the JSON object only` };
  }
  const parsed = PairwiseReplySchema.safeParse(json);
  if (!parsed.success) return { ok: false, error: 'the reply has no "winner" string (expected {"winner": "A" | "B" | "tie", "reason": "..."})' };
  const winner = parsed.data.winner.trim().toLowerCase().replace(/^agent\s+/, '');
  const pick: ShownSide | undefined = winner === 'a' ? 'first' : winner === 'b' ? 'second' : winner === 'tie' ? 'tie' : undefined;
  if (!pick) return { ok: false, error: `"winner" is "${parsed.data.winner}"; it must be "A", "B" or "tie"` };
  return { ok: true, value: { pick, reason: parsed.data.reason.trim() } };
}

/** The second turn after an unusable pairwise reply. */
export const pairwiseRepairRequest = (error: string): string => `Your reply could not be used: ${error}.\n${PAIRWISE_REPLY_FORMAT} Keep your judgment; fix only the format.`;
