import { describe, expect, it } from 'vitest';
import { compareSetAgreement } from './set-agreement.ts';
import type { StudyJudgment } from './study-data.ts';

/** Three judges score two rubrics of 24 runs (12 tasks × 2) with two sets: the expert set's judges agree closely, the generic set's less. */
function judgments(): StudyJudgment[] {
  const rows: StudyJudgment[] = [];
  for (let run = 0; run < 24; run++) {
    for (const rubric of ['layout', 'fidelity']) {
      const truth = 1 + ((run * 7 + rubric.length) % 5);
      ['J1', 'J2', 'J3'].forEach((judge, k) => {
        const noise = (run + k * 3 + rubric.length) % 4;
        const score = (set: string, spread: number) => ({ run: `r${run}`, judge, tier: 'output' as const, rubric, version: 'v1', rubricSet: set, scale: 5 as const, weight: null, synthetic: false, score: Math.min(5, Math.max(1, truth + (noise < spread ? (k % 2 === 0 ? 1 : -1) : 0))) });
        rows.push(score('figma-expert', 1), score('figma-generic', 3));
      });
    }
  }
  return rows;
}

describe('rubric set versions compared on the same runs', () => {
  it('puts the expert set second, and gives the κ difference a paired interval over tasks and a p', () => {
    const authors: Record<string, string> = { 'figma-expert': 'expert', 'figma-generic': 'llm-generic' };
    const [comparison, ...rest] = compareSetAgreement(judgments(), (run) => `task-${Math.floor(Number(run.slice(1)) / 2)}`, { resamples: 500, seed: 'lhb-analysis' }, (set) => authors[set.rubricSet] ?? null);
    expect(rest).toEqual([]);
    expect(comparison).toMatchObject({ tier: 'output', scale: 5, runs: 24, tasks: 12, a: { rubricSet: 'figma-generic', authoredBy: 'llm-generic' }, b: { rubricSet: 'figma-expert', authoredBy: 'expert' } });
    expect(comparison!.difference).toBeCloseTo(comparison!.b.meanKappa! - comparison!.a.meanKappa!, 12);
    expect(comparison!.difference!).toBeGreaterThan(0);
    expect(comparison!.lo!).toBeLessThanOrEqual(comparison!.difference!);
    expect(comparison!.hi!).toBeGreaterThanOrEqual(comparison!.difference!);
    expect(comparison!.lo!).toBeGreaterThan(0);
    expect(comparison!.pValue!).toBeLessThan(0.05);
    for (const set of [comparison!.a, comparison!.b]) expect(set.lo! <= set.meanKappa! && set.meanKappa! <= set.hi!).toBe(true);
  });

  it('compares nothing when the two sets share no run two judges scored', () => {
    const rows = judgments().filter((j) => !(j.rubricSet === 'figma-generic' && j.judge !== 'J1'));
    expect(compareSetAgreement(rows, () => 't', { resamples: 10, seed: 1 }, () => null)).toEqual([]);
  });
});
