import { JudgeReplySchema, scaleLevels, type RubricSet } from '../../../schemas/judge.ts';
import { describeZodIssues } from '../../../schemas/lhb-error.ts';

/** One rubric's score as the judge gave it, checked against the set: a level of its scale, with the judge's evidence. */
export interface ParsedRubricScore {
  /** The rubric's name as the set spells it. */
  rubric: string;
  score: number;
  /** The level matched, as anchors are keyed ("0".."2" or "1".."5"). */
  level: string;
  /** The judge's thinking_process: what it observed and why that level. */
  evidence: string;
}

export type ParsedJudgeReply = { ok: true; scores: ParsedRubricScore[] } | { ok: false; error: string };

/**
 * The JSON object in a judge's reply: the reply itself, a ```json fenced block, or the outermost
 * {...} of prose around it. Throws a SyntaxError saying what was found when none parses.
 */
export function extractReplyJson(text: string): unknown {
  const candidates: string[] = [];
  for (const match of text.matchAll(/```(?:json|JSON)?[^\S\n]*\n([\s\S]*?)```/g)) candidates.push(match[1]!);
  candidates.push(text);
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(text.slice(first, last + 1));
  let lastError = '';
  for (const candidate of candidates) {
    const trimmed = candidate.trim();
    if (trimmed === '') continue;
    try {
      return JSON.parse(trimmed);
    } catch (error) {
      lastError = (error as Error).message;
    }
  }
  if (text.trim() === '') throw new SyntaxError('the reply was empty');
  throw new SyntaxError(first < 0 ? 'the reply contains no JSON object' : `the reply's JSON does not parse (${lastError})`);
}

const normalName = (name: string) => name.trim().replace(/^#+\s*/, '').replace(/^\d+\.\s*/, '').replace(/\s+/g, ' ').toLowerCase();

/**
 * Checks a judge's reply against the rubric set it was asked about: JSON of the shape
 * JudgeReplySchema describes, every rubric of the set exactly once (names compared without case,
 * spacing or a "### N." prefix) and no other, each score a whole number of the set's scale, and
 * matched_level naming that same level. The first problem found is returned as an error a judge
 * can act on (it is quoted in the repair request); nothing is guessed or filled in.
 */
export function parseJudgeReply(text: string, set: Pick<RubricSet, 'scale' | 'rubrics'>): ParsedJudgeReply {
  let json: unknown;
  try {
    json = extractReplyJson(text);
  } catch (error) {
    return { ok: false, error: `${(error as Error).message}; reply with the JSON object only` };
  }
  const parsed = JudgeReplySchema.safeParse(json);
  if (!parsed.success) {
    return { ok: false, error: `${describeZodIssues(parsed.error, 'the reply', 1)} (expected {"rubric_scores": [{"rubric_name", "score", "matched_level", "thinking_process"}]})` };
  }
  const levels = scaleLevels(set.scale);
  const byName = new Map(set.rubrics.map((rubric) => [normalName(rubric.name), rubric.name]));
  const seen = new Map<string, ParsedRubricScore>();
  for (const [i, entry] of parsed.data.rubric_scores.entries()) {
    const name = byName.get(normalName(entry.rubric_name));
    if (name === undefined) return { ok: false, error: `rubric_scores[${i}] names "${entry.rubric_name}", which is not one of the rubrics (${set.rubrics.map((r) => `"${r.name}"`).join(', ')})` };
    if (seen.has(name)) return { ok: false, error: `rubric "${name}" is scored more than once; give each rubric exactly one entry` };
    if (!Number.isInteger(entry.score) || !levels.includes(String(entry.score))) {
      return { ok: false, error: `rubric "${name}" has score ${entry.score}; scores are whole numbers from ${levels[0]} to ${levels.at(-1)} on this ${set.scale}-point scale` };
    }
    const levelNumber = /-?\d+/.exec(entry.matched_level)?.[0];
    if (levelNumber === undefined || Number(levelNumber) !== entry.score) {
      return { ok: false, error: `rubric "${name}" has score ${entry.score} but matched_level "${entry.matched_level}"; matched_level must be the level of the score ("${entry.score}")` };
    }
    seen.set(name, { rubric: name, score: entry.score, level: String(entry.score), evidence: entry.thinking_process.trim() });
  }
  const missing = set.rubrics.filter((rubric) => !seen.has(rubric.name)).map((rubric) => `"${rubric.name}"`);
  if (missing.length > 0) return { ok: false, error: `the reply has no score for ${missing.join(', ')}; every rubric needs exactly one entry` };
  return { ok: true, scores: set.rubrics.map((rubric) => seen.get(rubric.name)!) };
}
