// Multinomial draws for the Bradley–Terry bootstrap: re-weighting the distinct comparisons
// (cells) by one Multinomial(total, observed shares) draw is the same as resampling every vote
// with replacement, at the cost of one binomial draw per cell instead of one draw per vote.
// Pure given its random source.

import type { SeededRandom } from '../random/random-source.ts';

/**
 * Fills `out` with one Multinomial(`total`, `weights` / Σweights) draw, by conditional
 * binomials: cell k gets Binomial(left, weight_k / weight still unassigned).
 */
export function sampleMultinomial(random: SeededRandom, total: number, weights: ArrayLike<number>, out: Float64Array | number[]): void {
  createMultinomialSampler(total, weights)(random, out);
}

/**
 * `sampleMultinomial` for many draws of one (total, weights): the checks and each cell's
 * conditional share are worked out once, so a bootstrap round costs only its binomial draws.
 * The draws are the same, number for number, as `sampleMultinomial`'s.
 */
export function createMultinomialSampler(total: number, weights: ArrayLike<number>): (random: SeededRandom, out: Float64Array | number[]) => void {
  const cells = weights.length;
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`total must be a whole number at least 0, got ${total}`);
  // Suffix sums, so each remaining mass is a fresh sum rather than a running difference.
  const rest = new Float64Array(cells + 1);
  for (let k = cells - 1; k >= 0; k--) {
    const w = weights[k] as number;
    if (!(w >= 0) || !Number.isFinite(w)) throw new RangeError(`weights[${k}] must be a finite number at least 0, got ${w}`);
    rest[k] = rest[k + 1]! + w;
  }
  // Each cell's draw is sampleBinomial(left, share), with what depends only on the share worked
  // out here once: the tail it draws from (p ≤ ½), its q and, for BTRS, its log-odds.
  // NaN marks a cell with no mass left (it always draws 0).
  const shares = new Float64Array(cells);
  const tails = new Float64Array(cells);
  const others = new Float64Array(cells);
  const logOdds = new Float64Array(cells);
  for (let k = 0; k < cells; k++) {
    const share = rest[k] === 0 ? Number.NaN : (weights[k] as number) / rest[k]!;
    shares[k] = share;
    tails[k] = share > 0.5 && share < 1 ? 1 - share : share;
    others[k] = 1 - tails[k]!;
    logOdds[k] = Math.log(tails[k]! / others[k]!);
  }
  return (random, out) => {
    if (out.length !== cells) throw new RangeError(`out must have one slot per weight: ${cells} weights, ${out.length} slots`);
    let left = total;
    for (let k = 0; k < cells; k++) {
      const share = shares[k]!;
      if (left === 0 || Number.isNaN(share)) {
        out[k] = 0;
        continue;
      }
      let drawn: number;
      if (share >= 1) drawn = left;
      else if (share <= 0) drawn = 0;
      else {
        // sampleBinomial's own steps, the tail's constants taken from above.
        const p = tails[k]!;
        drawn = left * p < 10 ? binomialByInversion(random, left, p) : binomialByTransformedRejection(random, left, p, others[k]!, logOdds[k]!);
        if (share > 0.5) drawn = left - drawn;
      }
      out[k] = drawn;
      left -= drawn;
    }
  };
}

/** One Binomial(n, p) draw: inversion for small n·p, Hörmann's BTRS (1993) otherwise. */
export function sampleBinomial(random: SeededRandom, n: number, p: number): number {
  if (n === 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (p > 0.5) return n - sampleBinomial(random, n, 1 - p);
  return n * p < 10 ? binomialByInversion(random, n, p) : binomialByTransformedRejection(random, n, p, 1 - p, Math.log(p / (1 - p)));
}

/** Walks the cdf up from 0; the expected number of steps is about n·p + 1. */
function binomialByInversion(random: SeededRandom, n: number, p: number): number {
  const q = 1 - p;
  const ratio = p / q;
  const start = Math.exp(n * Math.log1p(-p));
  const bound = Math.min(n, Math.floor(n * p + 10 * Math.sqrt(n * p * q + 1)));
  for (;;) {
    let x = 0;
    let mass = start;
    let u = random.next();
    while (u > mass) {
      u -= mass;
      x++;
      if (x > bound) break;
      mass *= ((n - x + 1) / x) * ratio;
    }
    if (x <= bound) return x;
  }
}

/**
 * BTRS, the transformed rejection sampler of W. Hörmann, "The generation of binomial random
 * variates" (J. Stat. Comput. Simul. 46, 1993), for n·p ≥ 10 and p ≤ ½.
 */
function binomialByTransformedRejection(random: SeededRandom, n: number, p: number, q: number, logOdds: number): number {
  const spq = Math.sqrt(n * p * q);
  const b = 1.15 + 2.53 * spq;
  const a = -0.0873 + 0.0248 * b + 0.01 * p;
  const c = n * p + 0.5;
  const vr = 0.92 - 4.2 / b;
  const alpha = (2.83 + 5.1 / b) * spq;
  // Needed only when the quick acceptance fails, so worked out then.
  let mode = -1;
  let h = 0;
  for (;;) {
    const u = random.next() - 0.5;
    let v = random.next();
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + c);
    if (k < 0 || k > n) continue;
    if (us >= 0.07 && v <= vr) return k;
    if (mode < 0) {
      mode = Math.floor((n + 1) * p);
      h = logFactorial(mode) + logFactorial(n - mode);
    }
    v = Math.log((v * alpha) / (a / (us * us) + b));
    if (v <= h - logFactorial(k) - logFactorial(n - k) + (k - mode) * logOdds) return k;
  }
}

const LOG_FACTORIALS = (() => {
  const table = new Float64Array(256);
  for (let i = 2; i < table.length; i++) table[i] = table[i - 1]! + Math.log(i);
  return table;
})();

/**
 * log k!: the table below 256, Stirling's series above it. With terms to 1/(1260·m⁵) (m = k + 1)
 * the series' error is below 1/(1680·m⁷) < 1e-19 there, so it equals logGamma(k + 1) to rounding,
 * at one logarithm instead of a Lanczos sum (BTRS needs two to four per draw).
 */
function logFactorial(k: number): number {
  if (k < LOG_FACTORIALS.length) return LOG_FACTORIALS[k]!;
  const m = k + 1;
  const inverse = 1 / m;
  const inverse2 = inverse * inverse;
  return (m - 0.5) * Math.log(m) - m + HALF_LOG_TWO_PI + inverse * (1 / 12 - inverse2 * (1 / 360 - inverse2 / 1260));
}

const HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);
