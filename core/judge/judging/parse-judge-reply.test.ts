import { describe, expect, it } from 'vitest';
import type { RubricSet } from '../../../schemas/judge.ts';
import { parseJudgeReply } from './parse-judge-reply.ts';

const set: Pick<RubricSet, 'scale' | 'rubrics'> = {
  scale: 3,
  rubrics: [
    { name: 'Layout accuracy', criterion: 'c', weight: 0.5, anchors: { '0': 'a', '1': 'b', '2': 'c' } },
    { name: 'Colour', criterion: 'c', weight: 0.5, anchors: { '0': 'a', '1': 'b', '2': 'c' } },
  ],
};
const entry = (rubric_name: string, score: unknown, matched_level: unknown = String(score), thinking_process = 'saw it') => ({ rubric_name, score, matched_level, thinking_process });
const reply = (...entries: unknown[]) => JSON.stringify({ rubric_scores: entries });

describe('parseJudgeReply', () => {
  it('reads a bare JSON reply into one score per rubric, in the set\'s order, with the evidence', () => {
    const parsed = parseJudgeReply(reply(entry('Colour', 1, '1', ' header blue is #2255ff, not #1f4fe0 '), entry('Layout accuracy', 2)), set);
    expect(parsed).toEqual({
      ok: true,
      scores: [
        { rubric: 'Layout accuracy', score: 2, level: '2', evidence: 'saw it' },
        { rubric: 'Colour', score: 1, level: '1', evidence: 'header blue is #2255ff, not #1f4fe0' },
      ],
    });
  });

  it('finds the JSON in a ```json fence or in prose, and matches names without case, spacing or a "### N." prefix', () => {
    const fenced = `Here is my evaluation.\n\`\`\`json\n${reply(entry('### 1. layout  ACCURACY', 0, 'Level 0'), entry('colour', 2))}\n\`\`\`\nThanks.`;
    expect(parseJudgeReply(fenced, set)).toMatchObject({ ok: true, scores: [{ rubric: 'Layout accuracy', score: 0 }, { rubric: 'Colour', score: 2 }] });
    const prose = `My scores: ${reply(entry('Layout accuracy', 1), entry('Colour', 1))} — done.`;
    expect(parseJudgeReply(prose, set)).toMatchObject({ ok: true });
  });

  it('names what is wrong, never guessing a score', () => {
    const cases: [string, RegExp][] = [
      ['I think the build is quite good overall.', /no JSON object/],
      ['', /empty/],
      ['{"rubric_scores": [ {"rubric_name": "Colour", "score": 2,', /does not parse/],
      [JSON.stringify({ scores: [] }), /rubric_scores/],
      [reply(entry('Layout accuracy', 2)), /no score for "Colour"/],
      [reply(entry('Layout accuracy', 2), entry('Colour', 5)), /score 5; scores are whole numbers from 0 to 2/],
      [reply(entry('Layout accuracy', 1.5, '1.5'), entry('Colour', 1)), /score 1.5/],
      [reply(entry('Layout accuracy', 2), entry('Colour', 1), entry('Colour', 2)), /more than once/],
      [reply(entry('Layout accuracy', 2), entry('Colour', 1), entry('Typography', 2)), /"Typography", which is not one of the rubrics/],
      [reply(entry('Layout accuracy', 2, '1'), entry('Colour', 1)), /matched_level "1"/],
      [reply(entry('Layout accuracy', 2, 'excellent'), entry('Colour', 1)), /matched_level "excellent"/],
    ];
    for (const [text, error] of cases) {
      const parsed = parseJudgeReply(text, set);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.error, text).toMatch(error);
    }
  });

  it('checks scores against a 5-point scale (1–5)', () => {
    const five = { scale: 5 as const, rubrics: [{ name: 'Fidelity', criterion: 'c', weight: 1, anchors: { '1': 'a', '2': 'b', '3': 'c', '4': 'd', '5': 'e' } }] };
    expect(parseJudgeReply(reply(entry('Fidelity', 0)), five)).toMatchObject({ ok: false });
    expect(parseJudgeReply(reply(entry('Fidelity', 5, 5)), five)).toMatchObject({ ok: true, scores: [{ score: 5, level: '5' }] });
  });
});
