import { describe, expect, it } from 'vitest';
import { addLineCounts, lineSpanAgreement, lineSpanCounts, NO_LINES } from './line-span-agreement.ts';

describe('lineSpanCounts: cited lines of two annotators over one text', () => {
  it('counts each line once, however many spans of one side cover it', () => {
    // A: 1–10 and 5–12 (lines 1–12, 12 lines); B: 11–20 (10 lines); both: 11–12.
    expect(lineSpanCounts([{ start: 1, end: 10 }, { start: 5, end: 12 }], [{ start: 11, end: 20 }])).toEqual({ a: 12, b: 10, both: 2, either: 20 });
  });

  it('treats ranges as inclusive: touching spans share no line, one shared line counts', () => {
    expect(lineSpanCounts([{ start: 1, end: 4 }], [{ start: 5, end: 9 }])).toEqual({ a: 4, b: 5, both: 0, either: 9 });
    expect(lineSpanCounts([{ start: 1, end: 5 }], [{ start: 5, end: 9 }])).toEqual({ a: 5, b: 5, both: 1, either: 9 });
  });

  it('handles one side citing nothing', () => {
    expect(lineSpanCounts([], [{ start: 3, end: 3 }])).toEqual({ a: 0, b: 1, both: 0, either: 1 });
    expect(lineSpanCounts([], [])).toEqual(NO_LINES);
  });

  it('agrees with counting line sets directly on many random spans', () => {
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let trial = 0; trial < 200; trial++) {
      const spans = () => Array.from({ length: next(5) }, () => { const start = 1 + next(60); return { start, end: start + next(15) }; });
      const a = spans();
      const b = spans();
      const lines = (s: { start: number; end: number }[]) => new Set(s.flatMap(({ start, end }) => Array.from({ length: end - start + 1 }, (_, i) => start + i)));
      const la = lines(a);
      const lb = lines(b);
      const both = [...la].filter((l) => lb.has(l)).length;
      expect(lineSpanCounts(a, b)).toEqual({ a: la.size, b: lb.size, both, either: la.size + lb.size - both });
    }
  });
});

describe('lineSpanAgreement: Jaccard and Dice of the cited lines', () => {
  it('gives |A∩B| / |A∪B| and 2|A∩B| / (|A| + |B|)', () => {
    // A 1–12 (12), B 11–20 (10): both 2, either 20.
    const counts = lineSpanCounts([{ start: 1, end: 12 }], [{ start: 11, end: 20 }]);
    expect(lineSpanAgreement(counts)).toEqual({ ...counts, jaccard: 0.1, dice: 4 / 22 });
  });

  it('is 1 for the same lines and 0 for disjoint ones', () => {
    expect(lineSpanAgreement(lineSpanCounts([{ start: 2, end: 8 }], [{ start: 2, end: 4 }, { start: 5, end: 8 }]))).toMatchObject({ jaccard: 1, dice: 1 });
    expect(lineSpanAgreement(lineSpanCounts([{ start: 2, end: 8 }], [{ start: 9, end: 9 }]))).toMatchObject({ jaccard: 0, dice: 0 });
  });

  it('has no figure when neither side cited a line (nothing to agree on is not agreement)', () => {
    expect(lineSpanAgreement(NO_LINES)).toEqual({ ...NO_LINES, jaccard: null, dice: null });
  });

  it('pools counts before dividing (micro-average): a small span agreeing does not outweigh a large one disagreeing', () => {
    const small = lineSpanCounts([{ start: 1, end: 1 }], [{ start: 1, end: 1 }]);
    const large = lineSpanCounts([{ start: 1, end: 99 }], []);
    const pooled = lineSpanAgreement(addLineCounts(small, large));
    expect(pooled).toEqual({ a: 100, b: 1, both: 1, either: 100, jaccard: 0.01, dice: 2 / 101 });
  });
});
