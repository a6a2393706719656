import { z } from 'zod';
import { CANNOT_TELL } from '../../../schemas/judging.ts';
import type { HarnessId } from '../../../schemas/trajectory.ts';
import { createXoshiro128Random } from '../../random/xoshiro128-random.ts';
import { HARNESS_ADAPTERS } from '../../runs/harnesses/harness-registry.ts';
import type { JudgeContentPart } from '../providers/judge-provider.ts';
import type { ReplyReading } from './ask-judge.ts';
import { hashJudgeInput, materialParts, mergeAdjacentText, type JudgePrompt, type JudgingMaterial } from './build-prompt.ts';
import { extractReplyJson } from './parse-judge-reply.ts';

/** A harness as the question names it: its adapter's display name, or the id a run was stored with. */
export const harnessChoiceLabel = (harness: string): string => HARNESS_ADAPTERS[harness as HarnessId]?.displayName ?? harness;

/**
 * The harnesses offered for one run, in an order shuffled by the run's id: a judge that always
 * names the first (or last) choice guesses at chance, and asking again offers the same order, so
 * the prompt, and the cached answer, stay the same.
 */
export function harnessChoicesFor(runId: string, harnesses: readonly string[]): string[] {
  const random = createXoshiro128Random(`guess-harness:${runId}`);
  const order = [...harnesses].sort();
  for (let i = order.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

const REPLY_FORMAT = `Reply with JSON only: {"harness": "<one name exactly as listed, or ${CANNOT_TELL}>", "reasoning": "<what in the trajectory points to it, or why nothing does>"}.`;

/** The system text: what the control is for, so a judge answers "cannot tell" rather than inventing a tell. */
const SYSTEM = [
  "You are checking whether records of AI agents' work are truly blind. Agents run inside different harnesses (the command-line programs that drive a model).",
  'You are shown one agent run, with every name, path and tool name that identifies its harness replaced by neutral words, and asked which harness made it.',
  `Answer with a harness only when something you can point to in the material tells it; otherwise answer "${CANNOT_TELL}". Reply with JSON only.`,
].join('\n');

/**
 * The guess-harness control's prompt: the run's context, instruction and evidence exactly as a
 * judge scoring it at the process tier reads them (the blinded, condensed trajectory), then the
 * question: which of these harnesses (listed in `choices`' order) made it, or "cannot tell".
 */
export function buildGuessHarnessPrompt(material: JudgingMaterial, choices: readonly string[]): JudgePrompt {
  const text = (value: string): JudgeContentPart => ({ type: 'text', text: value });
  const content: JudgeContentPart[] = [
    ...materialParts(material),
    text(`## Question\nWhich of these harnesses made this run?\n${[...choices.map(harnessChoiceLabel), CANNOT_TELL].map((name) => `- ${name}`).join('\n')}`),
    text(`## Your reply\n${REPLY_FORMAT}`),
  ];
  const turns = [{ role: 'user' as const, content: mergeAdjacentText(content) }];
  return { system: SYSTEM, turns, inputHash: hashJudgeInput(SYSTEM, turns), images: content.filter((part) => part.type === 'image').length };
}

const GuessReplySchema = z.object({ harness: z.string(), reasoning: z.string().optional() });

const normal = (name: string) => name.trim().replace(/^["'`]|["'`]$/g, '').replace(/\s+/g, ' ').toLowerCase();

/**
 * Reads a guess: the JSON object of the reply (as a rubric reply is found), its `harness` one of
 * the listed names (or a harness's id), compared without case or spacing, or "cannot tell". The
 * first problem is the error the repair request quotes; nothing is guessed for the judge.
 */
export function readGuessReply(text: string, choices: readonly string[]): ReplyReading<{ guess: string; reason: string }> {
  let json: unknown;
  try {
    json = extractReplyJson(text);
  } catch (error) {
    return { ok: false, error: `${(error as Error).message}; reply with the JSON object only` };
  }
  const parsed = GuessReplySchema.safeParse(json);
  if (!parsed.success) return { ok: false, error: 'the reply has no "harness" string (expected {"harness": "<a name as listed>", "reasoning": "..."})' };
  const said = normal(parsed.data.harness);
  const reason = parsed.data.reasoning?.trim() ?? '';
  if (said === CANNOT_TELL || said === "can't tell") return { ok: true, value: { guess: CANNOT_TELL, reason } };
  const named = choices.find((choice) => normal(harnessChoiceLabel(choice)) === said || normal(choice) === said);
  if (named === undefined) return { ok: false, error: `"harness" is "${parsed.data.harness}", which is not one of the names listed (${[...choices.map(harnessChoiceLabel), CANNOT_TELL].map((name) => `"${name}"`).join(', ')})` };
  return { ok: true, value: { guess: named, reason } };
}

/** The second turn after an unusable reply: the error quoted, and the shape again. */
export const guessRepairRequest = (error: string): string => `Your reply could not be used: ${error}.\n${REPLY_FORMAT} Keep your answer; fix only the format.`;
