// The regularized incomplete gamma functions P(a, x) = γ(a, x)/Γ(a) and Q(a, x) = 1 − P(a, x),
// which give chi-square tail probabilities: P(χ²_k > x) = Q(k/2, x/2). Pure: numbers in and out.
//
// As in Numerical Recipes and Cephes: the power series for P when x < a + 1, and Lentz's
// continued fraction for Q otherwise, each to full double precision, so the function that is
// returned directly is the smaller tail and keeps its relative accuracy (about 1e-14 for the
// moderate a of chi-square tests; the common factor x^a·e^(−x)/Γ(a) is formed in logs).

import { logGamma } from './log-gamma.ts';

const EPSILON = 1e-16;
const MAX_ITERATIONS = 100_000;
const TINY = 1e-300;

/** P(a, x), the lower regularized incomplete gamma function, for a > 0 and x ≥ 0. */
export function regularizedGammaP(a: number, x: number): number {
  validate(a, x);
  if (x === 0) return 0;
  if (x === Infinity) return 1;
  return x < a + 1 ? lowerSeries(a, x) : 1 - upperContinuedFraction(a, x);
}

/** Q(a, x) = 1 − P(a, x), the upper regularized incomplete gamma function, for a > 0 and x ≥ 0. */
export function regularizedGammaQ(a: number, x: number): number {
  validate(a, x);
  if (x === 0) return 1;
  if (x === Infinity) return 0;
  return x < a + 1 ? 1 - lowerSeries(a, x) : upperContinuedFraction(a, x);
}

/** P(χ² > x) for a chi-square variable with `df` degrees of freedom (df > 0, x ≥ 0). */
export function chiSquareUpperTail(x: number, df: number): number {
  if (!(df > 0) || !Number.isFinite(df)) throw new RangeError(`df must be a finite number above 0, got ${df}`);
  if (!(x >= 0)) throw new RangeError(`x must be a number at least 0, got ${x}`);
  return regularizedGammaQ(df / 2, x / 2);
}

function validate(a: number, x: number): void {
  if (!(a > 0) || !Number.isFinite(a)) throw new RangeError(`a must be a finite number above 0, got ${a}`);
  if (!(x >= 0)) throw new RangeError(`x must be a number at least 0, got ${x}`);
}

/** log(x^a·e^(−x)/Γ(a)). */
function logPrefactor(a: number, x: number): number {
  return a * Math.log(x) - x - logGamma(a);
}

/** P(a, x) = x^a·e^(−x)/Γ(a + 1) · Σ x^n / ((a + 1)…(a + n)), converging fast for x < a + 1. */
function lowerSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < MAX_ITERATIONS; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPSILON) break;
  }
  return Math.exp(logPrefactor(a, x)) * sum;
}

/** Q(a, x) by the continued fraction 1/(x + 1 − a − 1·(1 − a)/(x + 3 − a − …)), for x ≥ a + 1. */
function upperContinuedFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return Math.exp(logPrefactor(a, x)) * h;
}
