// The Wald–Wolfowitz runs test for a two-valued sequence: are its values serially independent?
// Pure: a sequence in, a statistic out.
//
// A run is a maximal stretch of equal values. Too few runs means clustering (positive serial
// correlation); too many means alternation (negative), which a rate test alone never sees: a
// coin that strictly alternates is exactly 50% heads. Under independence, with n1 and n2 values
// of each kind (n = n1 + n2), the number of runs R has mean 2·n1·n2/n + 1 and variance
// 2·n1·n2·(2·n1·n2 − n) / (n²·(n − 1)); z = (R − mean)/sd is close to standard normal for
// n1, n2 ≳ 20, and the two-sided p-value is P(|Z| ≥ |z|) = P(χ²₁ ≥ z²). No continuity correction.

import { chiSquareUpperTail } from './incomplete-gamma.ts';

export interface RunsTestResult {
  /** Values of the first kind (`true`) and of the second (`false`). */
  readonly n1: number;
  readonly n2: number;
  /** Observed runs, and their mean under independence. */
  readonly runs: number;
  readonly expectedRuns: number;
  /** Negative: clustered; positive: alternating. */
  readonly z: number;
  /** Two-sided, normal approximation. */
  readonly pValue: number;
}

/**
 * Runs test of a sequence of two kinds of value (e.g. "shown on the left" or not, vote by vote).
 * Throws a RangeError when the sequence lacks either kind, where the test is undefined.
 */
export function runsTest(sequence: readonly boolean[]): RunsTestResult {
  const n = sequence.length;
  let n1 = 0;
  let runs = n === 0 ? 0 : 1;
  for (let i = 0; i < n; i++) {
    if (sequence[i]) n1++;
    if (i > 0 && sequence[i] !== sequence[i - 1]) runs++;
  }
  const n2 = n - n1;
  if (n1 === 0 || n2 === 0) {
    throw new RangeError(`the runs test needs both kinds of value; got ${n1} of one and ${n2} of the other (test the rate instead)`);
  }
  const product = 2 * n1 * n2;
  const expectedRuns = product / n + 1;
  const variance = (product * (product - n)) / (n * n * (n - 1));
  const z = (runs - expectedRuns) / Math.sqrt(variance);
  return { n1, n2, runs, expectedRuns, z, pValue: Math.min(1, chiSquareUpperTail(z * z, 1)) };
}
