import { describe, expect, it } from 'vitest';
import { buildAgreement } from './agreement.ts';
import { rubricSetKey } from './rubric-weights.ts';
import { runScore, scoreSets, type SetScores } from './set-scores.ts';
import type { StudyJudgment } from './study-data.ts';

const j = (run: string, judge: string, rubric: string, score: number, fields: Partial<StudyJudgment> = {}): StudyJudgment => ({
  run, judge, tier: 'output', rubric, version: 'v1', rubricSet: 'figma-output', scale: 5, weight: 0.5, score, synthetic: false, ...fields,
});

describe('per-run weighted set scores (leaderboards and alignment)', () => {
  const stored = new Map([
    [rubricSetKey('figma-output', 'v1', 5), [{ rubric: 'Layout', weight: 0.8 }, { rubric: 'Colour', weight: 0.2 }]],
    // Stored weights need not sum to 1 to be read so: they are normalised.
    [rubricSetKey('figma-output', 'v1', 3), [{ rubric: 'Layout', weight: 3 }, { rubric: 'Colour', weight: 1 }]],
  ]);

  it('scores a run by the set’s weights, on the set’s own scale, each set version and scale apart', () => {
    const sets = scoreSets(
      [
        j('r1', 'A', 'Layout', 5), j('r1', 'A', 'Colour', 1),
        j('r1', 'A', 'Layout', 2, { scale: 3 }), j('r1', 'A', 'Colour', 0, { scale: 3 }),
        // the plain mean would tie r2 (3, 3 → 3) with r1 (5, 1 → 3): weights decide instead
        j('r2', 'A', 'Layout', 3), j('r2', 'A', 'Colour', 3),
      ],
      stored,
    );
    expect(sets.map((set) => [set.key.rubricSet, set.key.scale, set.weights])).toEqual([['figma-output', 3, 'stored'], ['figma-output', 5, 'stored']]);
    const [three, five] = sets as [SetScores, SetScores];
    expect(three.rubrics).toEqual([{ rubric: 'Layout', weight: 0.75 }, { rubric: 'Colour', weight: 0.25 }]);
    expect(three.byRun.get('r1')!.get('A')).toBe(0.75 * 2 + 0.25 * 0);
    expect(five.byRun.get('r1')!.get('A')).toBeCloseTo(0.8 * 5 + 0.2 * 1, 12);
    expect(five.byRun.get('r2')!.get('A')).toBeCloseTo(3, 12);
  });

  it('leaves out, and counts, a judge’s score of a run missing one of the set’s rubrics, keeping the other judges’', () => {
    const [set] = scoreSets([j('r1', 'A', 'Layout', 5), j('r1', 'B', 'Layout', 4), j('r1', 'B', 'Colour', 2)], stored) as [SetScores];
    expect(set.incomplete).toBe(1);
    expect([...set.byRun.get('r1')!]).toEqual([['B', 0.8 * 4 + 0.2 * 2]]);
    expect(runScore(set.byRun.get('r1')!)).toBeCloseTo(3.6, 12);
    // The rubric means still count every score given: Layout (5 + 4) / 2.
    expect(set.rubricMeans.get('r1')!.get('Layout')).toBe(4.5);
  });

  it('weighs alike the rubrics of judgments made before sets were stored, one set per tier and scale', () => {
    const legacy = (run: string, rubric: string, score: number, tier: 'process' | 'output') => j(run, 'A', rubric, score, { rubricSet: '', weight: null, tier, version: rubric === 'o2' ? 'v2' : 'v1' });
    const sets = scoreSets([legacy('r1', 'p', 5, 'process'), legacy('r1', 'o', 1, 'output'), legacy('r1', 'o2', 2, 'output')], stored);
    expect(sets.map((set) => [set.key, set.weights])).toEqual([
      [{ tier: 'process', rubricSet: '', version: '', scale: 5 }, 'equal'],
      [{ tier: 'output', rubricSet: '', version: '', scale: 5 }, 'equal'],
    ]);
    expect(sets[1]!.byRun.get('r1')!.get('A')).toBe(1.5);
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
    const agreement = buildAgreement(rows, (run) => `task-${run}`, { resamples: 200, seed: 1 });
    expect(agreement.perRubric.map((r) => [r.rubric, r.scale])).toEqual([['Layout', 3], ['Layout', 5]]);
    const three = agreement.perRubric[0]!;
    expect(three.pairs[0]!.n).toBe(5);
    expect(three.meanKappa).not.toBeNull();
    expect(three.meanKappa!).toBeGreaterThan(0.5);
    expect(agreement.perRubric[1]!.pairs[0]!.n).toBe(5);
  });
});
