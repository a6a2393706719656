// Test data shared by the Bradley–Terry tests and the `lhb stats bt` tests.
import type { PairwiseComparison } from './pairwise-comparison.ts';

/** Comparisons from [a, b, a wins, b wins, ties] rows. */
export const expandComparisons = (rows: [string, string, number, number, number][]): PairwiseComparison[] =>
  rows.flatMap(([a, b, aWins, bWins, ties]) => [
    ...Array.from({ length: aWins }, () => ({ a, b, winner: 'a' as const })),
    ...Array.from({ length: bWins }, () => ({ a, b, winner: 'b' as const })),
    ...Array.from({ length: ties }, () => ({ a, b, winner: 'tie' as const })),
  ]);

/** Five systems, 154 comparisons with ties; epsilon meets only alpha and delta. SciPy references in bradley-terry.test.ts. */
export const FIVE_SYSTEMS = expandComparisons([
  ['alpha', 'beta', 12, 7, 3],
  ['alpha', 'gamma', 9, 9, 4],
  ['alpha', 'delta', 15, 4, 1],
  ['beta', 'gamma', 5, 11, 2],
  ['beta', 'delta', 10, 6, 5],
  ['gamma', 'delta', 13, 3, 0],
  ['epsilon', 'alpha', 2, 14, 1],
  ['epsilon', 'delta', 6, 6, 6],
]);
