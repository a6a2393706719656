// How often pairwise preferences go round in circles: over every triad of systems whose three
// pairwise majorities are all decided, the share that form a cycle (A beats B, B beats C, C beats
// A by majority). Pure: comparisons in, numbers out.

import { countPairs, winMatrix } from './pair-counts.ts';
import type { PairwiseComparison } from './pairwise-comparison.ts';

export interface TransitivityResult {
  /** Triads whose three pairs were all compared and have a strict majority (ties in a vote are ignored; a tied majority is undecided). */
  triads: number;
  /** Of those, the triads whose majorities form a cycle. */
  cyclic: number;
  /** cyclic / triads; null when there is no decided triad. */
  rate: number | null;
}

/** Counts majority cycles; throws a RangeError naming the field for malformed comparisons. */
export function majorityCycles(comparisons: readonly PairwiseComparison[]): TransitivityResult {
  const pairs = countPairs(comparisons);
  // Tied votes add half to each side, so the difference is decisive wins minus decisive losses.
  const wins = winMatrix(pairs);
  const n = pairs.systems.length;
  // beats[i·n + j]: +1 when i wins the i–j majority, −1 when j does, 0 when tied or never compared.
  const beats = new Int8Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const margin = wins[i * n + j]! - wins[j * n + i]!;
      beats[i * n + j] = margin > 0 ? 1 : margin < 0 ? -1 : 0;
    }
  }
  let triads = 0;
  let cyclic = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const ij = beats[i * n + j]!;
      if (ij === 0) continue;
      for (let k = j + 1; k < n; k++) {
        const jk = beats[j * n + k]!;
        const ki = beats[k * n + i]!;
        if (jk === 0 || ki === 0) continue;
        triads++;
        // i→j→k→i or its reverse: the three directions agree around the triangle.
        if (ij === jk && jk === ki) cyclic++;
      }
    }
  }
  return { triads, cyclic, rate: triads > 0 ? cyclic / triads : null };
}
