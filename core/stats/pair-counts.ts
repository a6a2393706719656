// Collapses pairwise comparisons into counts: identical votes become one cell with a count, so
// fitting and resampling cost depends on the number of systems, not on the number of votes.
// Pure.

import { checkComparisons, systemsOf, type PairwiseComparison } from './pairwise-comparison.ts';

export interface PairCounts {
  /** System names, sorted by code unit; index i below is systems[i]. */
  systems: string[];
  /** Distinct outcomes: `winner` beat `loser` (or, with tie = true, the two tied) `count` times. */
  cells: { first: number; second: number; tie: boolean; count: number }[];
  /** Total number of comparisons. */
  total: number;
}

/** Validates and collapses the comparisons; cells come out in a fixed order for fixed counts. */
export function countPairs(comparisons: readonly PairwiseComparison[]): PairCounts {
  checkComparisons(comparisons);
  const systems = systemsOf(comparisons);
  const index = new Map(systems.map((name, i) => [name, i]));
  const n = systems.length;
  // wins[i·n + j]: i beat j; ties[i·n + j] with i < j.
  const wins = new Float64Array(n * n);
  const ties = new Float64Array(n * n);
  for (const { a, b, winner } of comparisons) {
    const i = index.get(a)!;
    const j = index.get(b)!;
    if (winner === 'a') wins[i * n + j]!++;
    else if (winner === 'b') wins[j * n + i]!++;
    else ties[Math.min(i, j) * n + Math.max(i, j)]!++;
  }
  const cells: PairCounts['cells'] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (wins[i * n + j]! > 0) cells.push({ first: i, second: j, tie: false, count: wins[i * n + j]! });
      if (i < j && ties[i * n + j]! > 0) cells.push({ first: i, second: j, tie: true, count: ties[i * n + j]! });
    }
  }
  return { systems, cells, total: comparisons.length };
}

/**
 * The n×n matrix of wins with ties as half a win to each side, from the cells weighted by
 * `counts` (one per cell; the observed counts by default).
 */
export function winMatrix(pairs: PairCounts, counts?: ArrayLike<number>, out?: Float64Array): Float64Array {
  const n = pairs.systems.length;
  const wins = out ?? new Float64Array(n * n);
  wins.fill(0);
  pairs.cells.forEach((cell, k) => {
    const count = counts ? (counts[k] as number) : cell.count;
    if (cell.tie) {
      wins[cell.first * n + cell.second]! += count / 2;
      wins[cell.second * n + cell.first]! += count / 2;
    } else {
      wins[cell.first * n + cell.second]! += count;
    }
  });
  return wins;
}
