import { scaleLevels, type RubricSet } from '../../../schemas/judge.ts';

/**
 * The rubrics as the judge reads them: `### N. <rubric name>`, its criterion, and every level of
 * the scale with its anchor, highest first (the order judges are told to check them in).
 */
export function rubricPromptSection(set: Pick<RubricSet, 'scale' | 'rubrics'>): string {
  const levels = [...scaleLevels(set.scale)].reverse();
  return set.rubrics
    .map((rubric, i) => {
      const anchors = levels.map((level) => `- ${level}: ${rubric.anchors[level]!.trim()}`).join('\n');
      return `### ${i + 1}. ${rubric.name}\nCriterion: ${rubric.criterion.trim()}\nLevels:\n${anchors}`;
    })
    .join('\n\n');
}

/** The closing "return JSON only" instruction with the exact shape and the rubric names to use. */
export function replyFormatSection(set: Pick<RubricSet, 'scale' | 'rubrics'>): string {
  const levels = scaleLevels(set.scale);
  const example = { rubric_scores: set.rubrics.map((rubric) => ({ rubric_name: rubric.name, score: Number(levels.at(-1)), matched_level: levels.at(-1)!, thinking_process: '<the evidence you observed, and why it meets this level and not the next one up>' })) };
  return [
    'Return JSON only: no prose before or after it, no Markdown fence. Use exactly this shape, with one entry per rubric above, in the same order:',
    JSON.stringify(example, null, 2),
    `"score" is a whole number from ${levels[0]} to ${levels.at(-1)}; "matched_level" is the same level as a string; "rubric_name" is the rubric's name exactly as written after its number.`,
  ].join('\n');
}
