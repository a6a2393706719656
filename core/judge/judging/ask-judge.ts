import type { RubricSet } from '../../../schemas/judge.ts';
import { scaleLevels } from '../../../schemas/judge.ts';
import { ProviderError, type JudgeProvider, type JudgeTurn } from '../providers/judge-provider.ts';
import type { JudgePrompt } from './build-prompt.ts';
import { parseJudgeReply, type ParsedRubricScore } from './parse-judge-reply.ts';

/** How one conversation with a judge ended. */
export interface JudgeConversation {
  status: 'ok' | 'failed';
  /** One per rubric of the set, when ok. */
  scores: ParsedRubricScore[];
  /** Why it failed: the reply's problem (after the repair request) or the provider's error. */
  failure: string | null;
  /** What the judge said, every turn of it (a failed reply is kept as it came); null when no reply came. */
  rawReply: string | null;
  /** The judge answered (so asking again would ask the same thing) or the request never got an answer. */
  answered: boolean;
  /** Provider requests made, retries included. */
  attempts: number;
  /** Turns of the conversation that got a reply: 1, or 2 with a repair request. */
  turns: number;
  usage: { input: number; output: number };
  model: string | null;
  durationMs: number;
}

/** Marks where the reply to the repair request starts in a stored raw reply. */
export const REPAIR_SEPARATOR = '\n\n----- reply to the repair request -----\n';

/** The second turn after an unusable reply: the error quoted, and the exact shape and levels again. */
export function repairRequest(error: string, set: Pick<RubricSet, 'scale' | 'rubrics'>): string {
  const levels = scaleLevels(set.scale);
  return [
    `Your reply could not be used: ${error}.`,
    `Reply again with JSON only, {"rubric_scores": [{"rubric_name", "score", "matched_level", "thinking_process"}]}, with exactly one entry for each of these rubrics: ${set.rubrics.map((rubric) => `"${rubric.name}"`).join(', ')}.`,
    `Each score is a whole number from ${levels[0]} to ${levels.at(-1)} and matched_level is that same level. Keep your judgments; fix only the format.`,
  ].join('\n');
}

export interface AskJudgeOptions {
  maxOutputTokens: number;
  signal: AbortSignal;
}

/** What a judge's reply turned out to be: the value asked for, or what was wrong with it (quoted in the repair request). */
export type ReplyReading<T> = { ok: true; value: T } | { ok: false; error: string };

/** How one conversation with a judge about anything ended: `ask`'s generic part, whatever the reply is read as. */
export type JudgeExchange<T> = Omit<JudgeConversation, 'scores'> & { value: T | null };

/**
 * Asks a judge `prompt`, reads the reply with `read`, and when it is unusable sends one repair
 * request (`repair` of the error); a reply still unusable ends failed with its raw text; a
 * provider error (after the provider's own retries) ends failed with no reply. Nothing is ever
 * filled in. A cancel (the signal) is thrown, not recorded.
 */
export async function askWithRepair<T>(provider: JudgeProvider, prompt: Pick<JudgePrompt, 'system' | 'turns'>, read: (text: string) => ReplyReading<T>, repair: (error: string) => string, options: AskJudgeOptions & { cutOffHint?: string }): Promise<JudgeExchange<T>> {
  const started = performance.now();
  const usage = { input: 0, output: 0 };
  let attempts = 0;
  let model: string | null = null;
  const raw: string[] = [];
  const turns: JudgeTurn[] = [...prompt.turns];
  const end = (fields: Pick<JudgeExchange<T>, 'status' | 'value' | 'failure' | 'answered'>): JudgeExchange<T> => ({
    ...fields,
    rawReply: raw.length > 0 ? raw.join(REPAIR_SEPARATOR) : null,
    attempts,
    turns: raw.length,
    usage,
    model,
    durationMs: Math.round(performance.now() - started),
  });
  for (let turn = 0; turn < 2; turn++) {
    let text: string;
    try {
      const completion = await provider.complete({ system: prompt.system, turns, maxOutputTokens: options.maxOutputTokens, signal: options.signal });
      attempts += completion.attempts ?? 1;
      usage.input += completion.usage.input;
      usage.output += completion.usage.output;
      model = completion.model ?? model;
      text = completion.text;
      const cut = completion.stopReason && /length|max_tokens/i.test(completion.stopReason);
      raw.push(text);
      const parsed = read(text);
      if (parsed.ok) return end({ status: 'ok', value: parsed.value, failure: null, answered: true });
      const error = cut ? `${parsed.error} (the reply was cut off at the output token limit; ${options.cutOffHint ?? 'be briefer'})` : parsed.error;
      if (turn === 1) return end({ status: 'failed', value: null, failure: `The reply could not be used after one repair request: ${error}.`, answered: true });
      turns.push({ role: 'assistant', content: [{ type: 'text', text }] }, { role: 'user', content: [{ type: 'text', text: repair(error) }] });
    } catch (error) {
      if (options.signal.aborted) throw options.signal.reason ?? error;
      if (!(error instanceof ProviderError)) throw error;
      attempts += error.attempts;
      const where = turn === 0 ? '' : ' (asking for the repair)';
      return end({ status: 'failed', value: null, failure: `The judge did not answer${where}: ${error.message}`, answered: false });
    }
  }
  throw new Error('unreachable');
}

/**
 * Asks a judge for one rubric set's scores: the prompt, and when the reply is unusable one
 * repair request quoting what was wrong (askWithRepair).
 */
export async function askJudge(provider: JudgeProvider, prompt: JudgePrompt, set: Pick<RubricSet, 'scale' | 'rubrics'>, options: AskJudgeOptions): Promise<JudgeConversation> {
  const read = (text: string): ReplyReading<ParsedRubricScore[]> => {
    const parsed = parseJudgeReply(text, set);
    return parsed.ok ? { ok: true, value: parsed.scores } : parsed;
  };
  const { value, ...exchange } = await askWithRepair(provider, prompt, read, (error) => repairRequest(error, set), { ...options, cutOffHint: 'be briefer in thinking_process' });
  return { ...exchange, scores: value ?? [] };
}
