// Collapses pairwise comparisons into counts: identical votes become one cell with a count, so
// fitting and resampling cost depends on the number of systems, not on the number of votes.
// Pure.

import { checkComparisons, type PairwiseComparison } from './pairwise-comparison.ts';

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
  // One pass over the votes: systems get provisional indices in order of appearance, and the
  // counts are moved to the sorted order afterwards (only n² work), since votes far outnumber systems.
  const seen = new Map<string, number>();
  const provisional = (name: string): number => {
    let index = seen.get(name);
    if (index === undefined) {
      index = seen.size;
      seen.set(name, index);
    }
    return index;
  };
  // outcome[(i·m + j)·3 + k] for provisional i, j with m the capacity: k = 0 i beat j, 1 j beat i, 2 tie.
  let capacity = 16;
  let outcomes = new Float64Array(capacity * capacity * 3);
  for (const { a, b, winner } of comparisons) {
    const i = provisional(a);
    const j = provisional(b);
    if (seen.size > capacity) {
      const larger = Math.max(capacity * 2, seen.size);
      const grown = new Float64Array(larger * larger * 3);
      for (let x = 0; x < capacity; x++) grown.set(outcomes.subarray(x * capacity * 3, (x + 1) * capacity * 3), x * larger * 3);
      outcomes = grown;
      capacity = larger;
    }
    outcomes[(i * capacity + j) * 3 + (winner === 'a' ? 0 : winner === 'b' ? 1 : 2)]!++;
  }
  const systems = [...seen.keys()].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const n = systems.length;
  const sortedIndex = new Int32Array(n);
  systems.forEach((name, sorted) => (sortedIndex[seen.get(name)!] = sorted));
  // wins[i·n + j]: i beat j; ties[i·n + j] with i < j (sorted indices).
  const wins = new Float64Array(n * n);
  const ties = new Float64Array(n * n);
  for (let x = 0; x < n; x++) {
    for (let y = 0; y < n; y++) {
      const base = (x * capacity + y) * 3;
      const i = sortedIndex[x]!;
      const j = sortedIndex[y]!;
      wins[i * n + j]! += outcomes[base]!;
      wins[j * n + i]! += outcomes[base + 1]!;
      ties[Math.min(i, j) * n + Math.max(i, j)]! += outcomes[base + 2]!;
    }
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
  const { cells } = pairs;
  for (let k = 0; k < cells.length; k++) {
    const cell = cells[k]!;
    const count = counts ? (counts[k] as number) : cell.count;
    if (cell.tie) {
      wins[cell.first * n + cell.second]! += count / 2;
      wins[cell.second * n + cell.first]! += count / 2;
    } else {
      wins[cell.first * n + cell.second]! += count;
    }
  }
  return wins;
}
