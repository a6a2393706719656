// Exact binomial test, matching R's binom.test and SciPy's binomtest (including the "minlike"
// two-sided rule). Pure: numbers in, a p-value out.
//
// Each point probability comes from Loader's saddle-point formula (the algorithm behind R's
// dbinom), which stays accurate to ~1e-15 relative for n in the millions, where
// lgamma-differences would lose digits to cancellation. Tail sums start at the range's largest
// term and walk outwards with the exact term ratio, stopping once terms no longer change the sum.

export type BinomialAlternative = 'two-sided' | 'greater' | 'less';

const ALTERNATIVES: readonly BinomialAlternative[] = ['two-sided', 'greater', 'less'];

/** R and SciPy count a value as "no more likely than k" within this relative tolerance. */
const MINLIKE_RELATIVE_TOLERANCE = 1 + 1e-7;

/**
 * P-value of observing `k` successes in `n` trials with success probability `p`.
 * 'greater' is P(X ≥ k), 'less' is P(X ≤ k), and 'two-sided' sums P(X = i) over every i no more
 * likely than k. Throws a RangeError naming the argument when an input is out of range.
 */
export function binomialTest(k: number, n: number, p = 0.5, alternative: BinomialAlternative = 'two-sided'): number {
  validate(k, n, p, alternative);
  const q = 1 - p;
  if (alternative === 'greater') return Math.min(1, tailSum(k, n, n, p, q));
  if (alternative === 'less') return Math.min(1, tailSum(0, k, n, p, q));

  const expected = n * p;
  if (k === expected) return 1;
  const threshold = binomialPmf(k, n, p, q) * MINLIKE_RELATIVE_TOLERANCE;
  if (k < expected) {
    // Values on the far side [ceil(np), n] no more likely than k form a suffix, since the
    // pmf only falls from there on.
    const first = firstIndex(Math.ceil(expected), n, (i) => binomialPmf(i, n, p, q) <= threshold);
    return Math.min(1, tailSum(0, k, n, p, q) + (first > n ? 0 : tailSum(first, n, n, p, q)));
  }
  // On [0, floor(np)] the pmf only rises, so the values no more likely than k form a prefix.
  const firstAbove = firstIndex(0, Math.floor(expected), (i) => binomialPmf(i, n, p, q) > threshold);
  return Math.min(1, (firstAbove === 0 ? 0 : tailSum(0, firstAbove - 1, n, p, q)) + tailSum(k, n, n, p, q));
}

function validate(k: number, n: number, p: number, alternative: BinomialAlternative): void {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`n must be a positive integer, got ${n}`);
  if (!Number.isSafeInteger(k) || k < 0 || k > n) throw new RangeError(`k must be an integer from 0 to n (${n}), got ${k}`);
  if (!(p >= 0 && p <= 1)) throw new RangeError(`p must be a probability from 0 to 1, got ${p}`);
  if (!ALTERNATIVES.includes(alternative)) {
    throw new RangeError(`alternative must be one of ${ALTERNATIVES.join(', ')}, got ${String(alternative)}`);
  }
}

/** Smallest i in [lo, hi] where the monotone predicate holds, or hi + 1 when it never does. */
function firstIndex(lo: number, hi: number, holds: (i: number) => boolean): number {
  let low = lo;
  let high = hi + 1;
  while (low < high) {
    const mid = low + Math.floor((high - low) / 2);
    if (holds(mid)) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** Σ P(X = i) for i in [lo, hi], summed outwards from the range's most likely value. */
function tailSum(lo: number, hi: number, n: number, p: number, q: number): number {
  if (lo > hi) return 0;
  if (p === 0) return lo === 0 ? 1 : 0;
  if (q === 0) return hi === n ? 1 : 0;
  const mode = Math.floor((n + 1) * p);
  const peak = Math.min(hi, Math.max(lo, mode));
  const peakTerm = binomialPmf(peak, n, p, q);
  let sum = peakTerm;
  const odds = p / q;
  let term = peakTerm;
  for (let i = peak; i < hi; i++) {
    term *= ((n - i) / (i + 1)) * odds;
    const next = sum + term;
    if (next === sum) break;
    sum = next;
  }
  term = peakTerm;
  for (let i = peak; i > lo; i--) {
    term *= (i / (n - i + 1)) / odds;
    const next = sum + term;
    if (next === sum) break;
    sum = next;
  }
  return sum;
}

/** P(X = x) for X ~ Binomial(n, p), q = 1 − p, by Loader's saddle-point expansion. */
function binomialPmf(x: number, n: number, p: number, q: number): number {
  if (p === 0) return x === 0 ? 1 : 0;
  if (q === 0) return x === n ? 1 : 0;
  if (x === 0) return Math.exp(p < 0.1 ? -deviance(n, n * q) - n * p : n * Math.log(q));
  if (x === n) return Math.exp(q < 0.1 ? -deviance(n, n * p) - n * q : n * Math.log(p));
  const logCore = stirlingError(n) - stirlingError(x) - stirlingError(n - x) - deviance(x, n * p) - deviance(n - x, n * q);
  const logScale = Math.log(2 * Math.PI) + Math.log(x) + Math.log1p(-x / n);
  return Math.exp(logCore - 0.5 * logScale);
}

/** stirlingError(n) = ln(n!) − (n + ½)·ln(n) + n − ½·ln(2π), exact for n ≤ 15. */
const STIRLING_ERROR_TABLE = [
  0, 0.08106146679532726, 0.0413406959554093, 0.02767792568499834,
  0.020790672103765093, 0.016644691189821193, 0.013876128823070748, 0.01189670994589177,
  0.010411265261972096, 0.009255462182712733, 0.00833056343336287, 0.007573675487951841,
  0.00694284010720953, 0.006408994188004207, 0.0059513701127588475, 0.005554733551962801,
];

function stirlingError(n: number): number {
  const tabled = STIRLING_ERROR_TABLE[n];
  if (tabled !== undefined) return tabled;
  const s0 = 1 / 12;
  const s1 = 1 / 360;
  const s2 = 1 / 1260;
  const s3 = 1 / 1680;
  const s4 = 1 / 1188;
  const nn = n * n;
  if (n > 500) return (s0 - s1 / nn) / n;
  if (n > 80) return (s0 - (s1 - s2 / nn) / nn) / n;
  if (n > 35) return (s0 - (s1 - (s2 - s3 / nn) / nn) / nn) / n;
  return (s0 - (s1 - (s2 - (s3 - s4 / nn) / nn) / nn) / nn) / n;
}

/** deviance(x, m) = x·ln(x/m) + m − x, by a series when x ≈ m to avoid cancellation. */
function deviance(x: number, m: number): number {
  if (Math.abs(x - m) < 0.1 * (x + m)) {
    let v = (x - m) / (x + m);
    let sum = (x - m) * v;
    if (Math.abs(sum) < Number.MIN_VALUE) return sum;
    let term = 2 * x * v;
    v *= v;
    for (let j = 1; j < 1000; j++) {
      term *= v;
      const next = sum + term / (2 * j + 1);
      if (next === sum) return next;
      sum = next;
    }
    return sum;
  }
  return x * Math.log(x / m) + m - x;
}
