// The numerical core of the Bradley–Terry fit: Newton's method on the log-likelihood of an n×n
// win matrix (ties already split as half wins), with log-strengths θ kept centred (Σθ = 0).
// Pure: typed arrays in and out.
//
// Log-likelihood  ℓ(θ) = Σ_{i≠j} W_ij·log σ(θ_i − θ_j) − (λ/2)·Σθ_i²   (σ the logistic function)
// gradient        g_i  = Σ_j (W_ij − N_ij·p_ij) − λ·θ_i                 (N_ij = W_ij + W_ji)
// −Hessian        H    = the graph Laplacian with edge weights N_ij·p_ij·(1 − p_ij), plus λ·I
// H is singular along 1 (adding a constant to every θ changes nothing) when λ = 0, so each
// step solves (H + 11ᵀ)·δ = g, which has the same solution with 1ᵀδ = 0 and is positive definite
// whenever the comparison graph is connected or λ > 0. Newton converges quadratically; a
// halving line search keeps the first steps from overshooting when strengths are far apart.

/**
 * Converged when no log-strength moves by more than this (≈ 2e-7 Elo); quadratic convergence
 * leaves an error of the order of its square after that step.
 */
const STEP_TOLERANCE = 1e-9;
/** Steps longer than this (in nats) are checked by a halving line search. */
const LINE_SEARCH_ABOVE = 1e-3;
const MAX_ITERATIONS = 500;

export interface NewtonFit {
  theta: Float64Array;
  iterations: number;
}

/** Maximises ℓ from `start` (default all zeros); `wins` is n×n row-major, W_ij = wins of i over j. */
export function fitLogStrengths(wins: Float64Array, n: number, ridge: number, start?: Float64Array, tolerance = STEP_TOLERANCE, lineSearchAbove = LINE_SEARCH_ABOVE): NewtonFit {
  const workspace = new NewtonWorkspace(n);
  if (start) workspace.theta.set(start);
  const iterations = workspace.fit(wins, ridge, tolerance, lineSearchAbove);
  return { theta: workspace.theta, iterations };
}

/**
 * The buffers of one Newton fit on n systems, kept for the next: a bootstrap refits a thousand
 * times, and allocating five arrays per fit cost more than the fit's arithmetic once the process
 * had to collect them. `fit` gives the same numbers as `fitLogStrengths`, which uses it.
 */
export class NewtonWorkspace {
  /** The start on entry to `fit`, the estimate (centred) on return. */
  readonly theta: Float64Array;
  private readonly gradient: Float64Array;
  private readonly hessian: Float64Array;
  private readonly step: Float64Array;
  private readonly trial: Float64Array;

  constructor(readonly n: number) {
    this.theta = new Float64Array(n);
    this.gradient = new Float64Array(n);
    this.hessian = new Float64Array(n * n);
    this.step = new Float64Array(n);
    this.trial = new Float64Array(n);
  }

  /** Maximises ℓ from `theta`, leaving the estimate there; returns the iterations taken. */
  fit(wins: Float64Array, ridge: number, tolerance = STEP_TOLERANCE, lineSearchAbove = LINE_SEARCH_ABOVE): number {
    const { n, theta, gradient, hessian, step, trial } = this;
    centre(theta);
    let value = Number.NaN; // ℓ(θ), computed only while steps are long enough to need the line search
    for (let iteration = 1; iteration <= MAX_ITERATIONS; iteration++) {
      gradientAndInformation(wins, n, ridge, theta, gradient, hessian);
      solveCholesky(hessian, n, gradient, step);
      let largest = 0;
      for (let i = 0; i < n; i++) largest = Math.max(largest, Math.abs(step[i]!));
      let scale = 1;
      if (largest >= lineSearchAbove) {
        if (Number.isNaN(value)) value = logLikelihood(wins, n, ridge, theta);
        for (let halving = 0; halving < 60; halving++) {
          for (let i = 0; i < n; i++) trial[i] = theta[i]! + scale * step[i]!;
          const trialValue = logLikelihood(wins, n, ridge, trial);
          if (trialValue >= value) {
            value = trialValue;
            break;
          }
          scale /= 2;
        }
      } else {
        // Close to the optimum Newton converges quadratically and ℓ changes by less than its own
        // rounding error, so the full step is taken without evaluating ℓ.
        for (let i = 0; i < n; i++) trial[i] = theta[i]! + step[i]!;
        value = Number.NaN;
      }
      theta.set(trial);
      centre(theta);
      if (largest * scale < tolerance) return iteration;
    }
    return MAX_ITERATIONS;
  }
}

/** (H + 11ᵀ)⁻¹ at θ: for a contrast c (Σc = 0), cᵀ·this·c is the Wald variance of cᵀθ. */
export function inverseInformation(wins: Float64Array, n: number, ridge: number, theta: Float64Array): Float64Array {
  const gradient = new Float64Array(n);
  const hessian = new Float64Array(n * n);
  gradientAndInformation(wins, n, ridge, theta, gradient, hessian);
  const inverse = new Float64Array(n * n);
  const unit = new Float64Array(n);
  const column = new Float64Array(n);
  choleskyInPlace(hessian, n);
  for (let j = 0; j < n; j++) {
    unit.fill(0);
    unit[j] = 1;
    substitute(hessian, n, unit, column);
    for (let i = 0; i < n; i++) inverse[i * n + j] = column[i]!;
  }
  return inverse;
}

export function centre(theta: Float64Array): void {
  let mean = 0;
  for (const t of theta) mean += t;
  mean /= theta.length;
  for (let i = 0; i < theta.length; i++) theta[i] = theta[i]! - mean;
}

/** log σ(d) without overflow. */
function logSigmoid(d: number): number {
  return d >= 0 ? -Math.log1p(Math.exp(-d)) : d - Math.log1p(Math.exp(d));
}

function logLikelihood(wins: Float64Array, n: number, ridge: number, theta: Float64Array): number {
  let value = 0;
  for (let i = 0; i < n; i++) {
    const ti = theta[i]!;
    value -= 0.5 * ridge * ti * ti;
    for (let j = 0; j < n; j++) {
      const w = wins[i * n + j]!;
      if (w > 0) value += w * logSigmoid(ti - theta[j]!);
    }
  }
  return value;
}

/** Fills the gradient g and H + 11ᵀ (see the file comment). */
export function gradientAndInformation(wins: Float64Array, n: number, ridge: number, theta: Float64Array, gradient: Float64Array, hessian: Float64Array): void {
  hessian.fill(1);
  for (let i = 0; i < n; i++) {
    gradient[i] = -ridge * theta[i]!;
    hessian[i * n + i]! += ridge;
  }
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const wij = wins[i * n + j]!;
      const wji = wins[j * n + i]!;
      const games = wij + wji;
      if (games === 0) continue;
      const p = 1 / (1 + Math.exp(theta[j]! - theta[i]!));
      const residual = wij - games * p;
      gradient[i]! += residual;
      gradient[j]! -= residual;
      const weight = games * p * (1 - p);
      hessian[i * n + i]! += weight;
      hessian[j * n + j]! += weight;
      hessian[i * n + j]! -= weight;
      hessian[j * n + i]! -= weight;
    }
  }
}

/** Solves A·x = b for a symmetric positive definite A (overwritten by its Cholesky factor). */
function solveCholesky(matrix: Float64Array, n: number, rhs: Float64Array, out: Float64Array): void {
  choleskyInPlace(matrix, n);
  substitute(matrix, n, rhs, out);
}

/** Lower-triangular L with A = L·Lᵀ, written over A's lower triangle. */
export function choleskyInPlace(a: Float64Array, n: number): void {
  for (let j = 0; j < n; j++) {
    let diagonal = a[j * n + j]!;
    for (let k = 0; k < j; k++) diagonal -= a[j * n + k]! * a[j * n + k]!;
    if (!(diagonal > 0)) throw new Error('The Bradley–Terry information matrix is not positive definite; the comparison graph needs the ridge.');
    const root = Math.sqrt(diagonal);
    a[j * n + j] = root;
    for (let i = j + 1; i < n; i++) {
      let sum = a[i * n + j]!;
      for (let k = 0; k < j; k++) sum -= a[i * n + k]! * a[j * n + k]!;
      a[i * n + j] = sum / root;
    }
  }
}

/** x = (L·Lᵀ)⁻¹·b by forward then back substitution. */
export function substitute(l: Float64Array, n: number, b: Float64Array, x: Float64Array): void {
  for (let i = 0; i < n; i++) {
    let sum = b[i]!;
    for (let k = 0; k < i; k++) sum -= l[i * n + k]! * x[k]!;
    x[i] = sum / l[i * n + i]!;
  }
  for (let i = n - 1; i >= 0; i--) {
    let sum = x[i]!;
    for (let k = i + 1; k < n; k++) sum -= l[k * n + i]! * x[k]!;
    x[i] = sum / l[i * n + i]!;
  }
}
