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
  // Systems get provisional indices in order of appearance; the tally moves them to sorted order.
  const seen = new Map<string, number>();
  const provisional = (name: string): number => {
    let index = seen.get(name);
    if (index === undefined) {
      index = seen.size;
      seen.set(name, index);
    }
    return index;
  };
  const tally = new PairTally();
  for (const { a, b, winner } of comparisons) tally.record(provisional(a), provisional(b), winner === 'a' ? A_WON : winner === 'b' ? B_WON : TIED);
  return tally.toPairCounts([...seen.keys()]);
}

/** The outcome of one vote between a and b, as `PairTally.record` takes it. */
export const A_WON = 0;
export const B_WON = 1;
export const TIED = 2;
export type VoteOutcome = typeof A_WON | typeof B_WON | typeof TIED;

/**
 * Counts votes by provisional system index (any numbering, such as order of first appearance)
 * in one pass, then moves the counts to the systems' sorted order (only n² work, since votes far
 * outnumber systems). For a reader that collapses votes as it reads them (`lhb stats bt` reads
 * its JSON straight into one), without a list of vote objects in between.
 */
export class PairTally {
  private capacity = 16;
  /** outcomes[(i·capacity + j)·3 + outcome] for provisional i, j. */
  private outcomes = new Float64Array(this.capacity * this.capacity * 3);
  private total = 0;

  record(a: number, b: number, outcome: VoteOutcome): void {
    const needed = Math.max(a, b) + 1;
    if (needed > this.capacity) this.grow(needed);
    this.outcomes[(a * this.capacity + b) * 3 + outcome]!++;
    this.total++;
  }

  private grow(needed: number): void {
    const larger = Math.max(this.capacity * 2, needed);
    const grown = new Float64Array(larger * larger * 3);
    for (let x = 0; x < this.capacity; x++) grown.set(this.outcomes.subarray(x * this.capacity * 3, (x + 1) * this.capacity * 3), x * larger * 3);
    this.outcomes = grown;
    this.capacity = larger;
  }

  /** The counts, with `names[k]` the system of provisional index k (every index recorded needs one). */
  toPairCounts(names: readonly string[]): PairCounts {
    if (names.length > this.capacity) this.grow(names.length);
    const { capacity, outcomes } = this;
    const systems = [...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    const n = systems.length;
    const sortedIndex = new Int32Array(n);
    const provisionalIndex = new Map(names.map((name, k) => [name, k]));
    systems.forEach((name, sorted) => (sortedIndex[provisionalIndex.get(name)!] = sorted));
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
    return { systems, cells, total: this.total };
  }
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
