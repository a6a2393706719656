import { describe, expect, it } from 'vitest';
import { buildAgreement } from './agreement.ts';
import { judgeRunWeightedScores } from './alignment.ts';
import type { StudyJudgment } from './study-data.ts';

const j = (run: string, judge: string, rubric: string, score: number, fields: Partial<StudyJudgment> = {}): StudyJudgment => ({
  run, judge, tier: 'output', rubric, version: 'v1', rubricSet: 'figma-output', scale: 5, weight: 0.5, score, synthetic: false, ...fields,
});

describe('per-run weighted set scores (alignment)', () => {
  it('weights rubrics by the stored set, normalises 3- and 5-point sets to 0–1, and averages over sets', () => {
    const scores = judgeRunWeightedScores([
      // 5-point set: layout (0.8) 5 and colour (0.2) 1 → (0.8·1 + 0.2·0) = 0.8
      j('r1', 'A', 'Layout', 5, { weight: 0.8 }),
      j('r1', 'A', 'Colour', 1, { weight: 0.2 }),
      // 3-point set: one rubric at 1 of 0..2 → 0.5
      j('r1', 'A', 'Process', 1, { rubricSet: 'figma-process', scale: 3, weight: 1, tier: 'process' }),
      // the plain mean would rank r2 (3, 3 → 3) above r1's output set (5, 1 → 3): weights decide instead
      j('r2', 'A', 'Layout', 3, { weight: 0.8 }),
      j('r2', 'A', 'Colour', 3, { weight: 0.2 }),
    ]);
    expect(scores.get('A')!.get('r1')).toBeCloseTo((0.8 + 0.5) / 2, 12);
    expect(scores.get('A')!.get('r2')).toBeCloseTo(0.5, 12);
  });

  it('keeps the plain-mean order for judgments made before sets were stored', () => {
    const legacy = (run: string, rubric: string, score: number) => j(run, 'A', rubric, score, { rubricSet: '', weight: null, tier: rubric === 'p' ? 'process' : 'output' });
    const scores = judgeRunWeightedScores([legacy('r1', 'p', 5), legacy('r1', 'o', 1), legacy('r1', 'o2', 1), legacy('r2', 'p', 2), legacy('r2', 'o', 3)]);
    // Plain means: r1 7/3 ≈ 2.33, r2 2.5 → r2 ahead, as before sets existed.
    expect(scores.get('A')!.get('r2')!).toBeGreaterThan(scores.get('A')!.get('r1')!);
  });
});

describe('agreement on a 3-point set', () => {
  it('computes quadratic κ over the levels 0–2, and keeps the same rubric at 3 and 5 points apart', () => {
    const rows = [0, 1, 2, 2, 1].flatMap((score, i) => [
      j(`r${i}`, 'A', 'Layout', score, { scale: 3 }),
      j(`r${i}`, 'B', 'Layout', Math.min(2, score + (i % 2)), { scale: 3 }),
      j(`r${i}`, 'A', 'Layout', score + 1, { scale: 5 }),
      j(`r${i}`, 'B', 'Layout', score + 3, { scale: 5 }),
    ]);
    const agreement = buildAgreement(rows);
    expect(agreement.perRubric.map((r) => [r.rubric, r.scale])).toEqual([['Layout', 3], ['Layout', 5]]);
    const three = agreement.perRubric[0]!;
    expect(three.pairs[0]!.n).toBe(5);
    expect(three.meanKappa).not.toBeNull();
    expect(three.meanKappa!).toBeGreaterThan(0.5);
    expect(agreement.perRubric[1]!.pairs[0]!.n).toBe(5);
  });
});
