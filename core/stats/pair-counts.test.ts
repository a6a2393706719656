import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countPairs, winMatrix } from './pair-counts.ts';
import type { ComparisonWinner, PairwiseComparison } from './pairwise-comparison.ts';

/** The cells counted the slow, obvious way: one key per (winner, loser) or (tie, lower, higher) in sorted-name terms. */
function countedByKey(comparisons: PairwiseComparison[]): { systems: string[]; cells: Map<string, number> } {
  const systems = [...new Set(comparisons.flatMap((c) => [c.a, c.b]))].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const cells = new Map<string, number>();
  for (const { a, b, winner } of comparisons) {
    const i = systems.indexOf(a);
    const j = systems.indexOf(b);
    const key = winner === 'a' ? `${i}>${j}` : winner === 'b' ? `${j}>${i}` : `${Math.min(i, j)}=${Math.max(i, j)}`;
    cells.set(key, (cells.get(key) ?? 0) + 1);
  }
  return { systems, cells };
}

describe('countPairs', () => {
  it('collapses votes among many systems (more than it first makes room for) into the same cells as counting each outcome by name', () => {
    const names = Array.from({ length: 40 }, (_, i) => `sys-${String.fromCharCode(122 - (i % 26))}${i}`);
    const comparison = fc
      .record({ a: fc.constantFrom(...names), b: fc.constantFrom(...names), winner: fc.constantFrom<ComparisonWinner>('a', 'b', 'tie') })
      .filter((c) => c.a !== c.b);
    fc.assert(
      fc.property(fc.array(comparison, { minLength: 1, maxLength: 300 }), (comparisons) => {
        const pairs = countPairs(comparisons);
        const expected = countedByKey(comparisons);
        expect(pairs.systems).toEqual(expected.systems);
        expect(pairs.total).toBe(comparisons.length);
        expect(new Map(pairs.cells.map((cell) => [`${cell.first}${cell.tie ? '=' : '>'}${cell.second}`, cell.count]))).toEqual(expected.cells);
        const wins = winMatrix(pairs);
        expect(wins.reduce((x, y) => x + y, 0)).toBe(comparisons.length);
      }),
      { numRuns: 100 },
    );
  });
});
