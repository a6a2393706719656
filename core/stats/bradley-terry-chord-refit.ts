// Refitting a bootstrap's resamples by the chord method, on the pairs of systems that were
// compared rather than on the n×n win matrix. Pure: typed arrays in and out.
//
// The information matrix is factored once, at the point estimate, and each refit steps
// θ ← θ + (H₀ + 11ᵀ)⁻¹·g(θ) from the estimate (bradley-terry-newton.ts has g and H). A step costs a
// gradient and two triangular solves instead of a new factorisation. The gradient takes one
// exp per system, not per pair: σ(θ_i − θ_j) = e^θi / (e^θi + e^θj). It converges linearly, at the
// rate by which a resample's information differs from the estimate's, a few digits per step; a
// refit where it does not (a resample far from the estimate, one needing another ridge, or
// strengths too far apart for e^θ) is finished by Newton.

import { centre, choleskyInPlace, gradientAndInformation, NewtonWorkspace, substitute } from './bradley-terry-newton.ts';

/** A chord step must be at most this fraction of the one before, else Newton takes over. */
const CHORD_CONTRACTION = 0.5;
const CHORD_MAX_ITERATIONS = 60;
/** e^θ for |θ| up to this stays far from overflow (e^709) and its sums from underflow. */
const LARGEST_EXPONENT = 300;

/** The pairs of systems compared at least once: pair p is systems low[p] < high[p], in row order. */
export interface ComparedPairs {
  /** How many systems there are. */
  n: number;
  low: Int32Array;
  high: Int32Array;
}

/**
 * Writes the n×n win matrix of pair wins into `out`: W[low·n + high] = lowWins[p] (low's wins over
 * high, ties as halves) and W[high·n + low] = highWins[p]; every other entry 0.
 */
export function fillWinMatrix(pairs: ComparedPairs, lowWins: Float64Array, highWins: Float64Array, out: Float64Array): void {
  const { n, low, high } = pairs;
  out.fill(0);
  for (let p = 0; p < low.length; p++) {
    out[low[p]! * n + high[p]!] = lowWins[p]!;
    out[high[p]! * n + low[p]!] = highWins[p]!;
  }
}

/** Refits many resamples of one set of votes from its estimate; see the file comment. */
export class ChordRefit {
  private readonly n: number;
  private readonly factor: Float64Array;
  private readonly gradient: Float64Array;
  private readonly step: Float64Array;
  private readonly strength: Float64Array;
  private readonly matrix: Float64Array;
  private readonly newton: NewtonWorkspace;

  /** Factors the information at `estimate`, the fit of the win matrix `wins` with `ridge`. */
  constructor(
    private readonly pairs: ComparedPairs,
    wins: Float64Array,
    private readonly ridge: number,
    private readonly estimate: Float64Array,
  ) {
    const n = (this.n = pairs.n);
    this.factor = new Float64Array(n * n);
    this.gradient = new Float64Array(n);
    this.step = new Float64Array(n);
    this.strength = new Float64Array(n);
    this.matrix = new Float64Array(n * n);
    this.newton = new NewtonWorkspace(n);
    gradientAndInformation(wins, n, ridge, estimate, this.gradient, this.factor);
    choleskyInPlace(this.factor, n);
  }

  /** The centred estimate for the pair wins with `ridge`, started from the estimate; valid until the next call. */
  refit(lowWins: Float64Array, highWins: Float64Array, ridge: number, tolerance: number, lineSearchAbove: number): Float64Array {
    const { n, factor, gradient, step, newton } = this;
    const theta = newton.theta;
    theta.set(this.estimate);
    if (ridge === this.ridge) {
      let previous = Number.POSITIVE_INFINITY;
      for (let iteration = 0; iteration < CHORD_MAX_ITERATIONS; iteration++) {
        if (!this.fillGradient(lowWins, highWins, ridge, theta)) break;
        substitute(factor, n, gradient, step);
        let largest = 0;
        for (let i = 0; i < n; i++) largest = Math.max(largest, Math.abs(step[i]!));
        // Not contracting fast enough (or at all): Newton finishes from where this is.
        if (largest >= lineSearchAbove || largest > CHORD_CONTRACTION * previous) break;
        for (let i = 0; i < n; i++) theta[i] = theta[i]! + step[i]!;
        centre(theta);
        if (largest < tolerance) return theta;
        previous = largest;
      }
    }
    fillWinMatrix(this.pairs, lowWins, highWins, this.matrix);
    newton.fit(this.matrix, ridge, tolerance, lineSearchAbove);
    return theta;
  }

  /** The gradient at θ (bradley-terry-newton.ts's g) into `gradient`; false, with nothing done, when some |θ_i| is too large for e^θ. */
  private fillGradient(lowWins: Float64Array, highWins: Float64Array, ridge: number, theta: Float64Array): boolean {
    const { n, gradient, strength } = this;
    const { low, high } = this.pairs;
    for (let i = 0; i < n; i++) {
      const t = theta[i]!;
      if (!(Math.abs(t) <= LARGEST_EXPONENT)) return false;
      gradient[i] = -ridge * t;
      strength[i] = Math.exp(t);
    }
    for (let p = 0; p < low.length; p++) {
      const lowWon = lowWins[p]!;
      const games = lowWon + highWins[p]!;
      if (games === 0) continue;
      const i = low[p]!;
      const j = high[p]!;
      const si = strength[i]!;
      const residual = lowWon - (games * si) / (si + strength[j]!);
      gradient[i]! += residual;
      gradient[j]! -= residual;
    }
    return true;
  }
}
