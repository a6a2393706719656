// The sign test for paired observations: how often the treated member of a pair came out ahead,
// against a fair coin. It assumes nothing about the size of the differences, so a few large ones
// cannot carry it. Pure: numbers in, counts and a p-value out.

import { binomialTest } from './binomial-test.ts';

export interface SignTestResult {
  /** Pairs where the treated value is higher, lower, and equal. */
  positive: number;
  negative: number;
  ties: number;
  /** Two-sided exact binomial p of `positive` among the untied pairs at ½; null when every pair is tied. */
  pValue: number | null;
}

/**
 * The two-sided sign test over paired differences: ties (a difference of 0) are dropped and the
 * rest tested with the exact binomial test (SciPy's `binomtest(positive, positive + negative)`).
 * Throws a RangeError naming the index of a difference that is not a finite number.
 */
export function signTest(differences: readonly number[]): SignTestResult {
  let positive = 0;
  let negative = 0;
  differences.forEach((difference, i) => {
    if (typeof difference !== 'number' || !Number.isFinite(difference)) throw new RangeError(`differences[${i}] must be a finite number, got ${String(difference)}`);
    if (difference > 0) positive++;
    else if (difference < 0) negative++;
  });
  const untied = positive + negative;
  return { positive, negative, ties: differences.length - untied, pValue: untied === 0 ? null : binomialTest(positive, untied, 0.5) };
}
