// The Wilson score interval for a binomial proportion, matching SciPy's
// binomtest(k, n).proportion_ci(method='wilson') and R's prop.test(k, n, correct = FALSE). Pure.

/** The standard normal's 97.5th percentile: the z of a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

/**
 * The Wilson score interval of `k` successes in `n` trials: unlike the Wald interval it stays
 * inside [0, 1] and is not empty at 0 or n successes, so it suits the small counts of a control.
 * Throws a RangeError naming the argument when an input is out of range.
 */
export function wilsonInterval(k: number, n: number, z = Z_95): { lo: number; hi: number } {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`n must be a positive integer, got ${n}`);
  if (!Number.isSafeInteger(k) || k < 0 || k > n) throw new RangeError(`k must be an integer from 0 to n (${n}), got ${k}`);
  if (!(z > 0)) throw new RangeError(`z must be positive, got ${z}`);
  const p = k / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const denominator = 1 + z2 / n;
  // At 0 or n successes one bound is exactly 0 or 1; computed, it would carry rounding.
  return { lo: k === 0 ? 0 : (centre - spread) / denominator, hi: k === n ? 1 : (centre + spread) / denominator };
}
