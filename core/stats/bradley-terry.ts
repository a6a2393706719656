// Bradley–Terry ratings on the Elo scale from pairwise votes, as Chatbot Arena reports them:
// identical votes collapsed into counts, the maximum-likelihood fit, percentile intervals from
// a seeded bootstrap that re-weights the distinct (pair, outcome) cells (Poisson weights:
// bradley-terry-bootstrap.ts), and pairwise p-values. Pure: comparisons in, numbers out.
//
// Model: P(i beats j) = 1 / (1 + 10^((R_j − R_i)/400)); a tie counts as half a win to each side.
// Ratings are centred so their mean is 1000. Where the unregularised MLE does not exist (a
// system never won or never lost, the comparisons split into unconnected groups, or a group
// never lost to the rest) the fit adds a ridge: a Gaussian prior N(0, 10²) on each natural-log
// strength (λ = 0.01, about ±1700 Elo for one standard deviation), weak enough to leave every
// identifiable difference almost untouched, strong enough to keep every rating finite. The
// result then carries `flags` naming the systems.
//
// P-values: for "i is rated above j or below it" (two-sided), the Wald z = (θ_i − θ_j)/SE, with
// SE² = cᵀ·I⁻¹·c from the observed Fisher information I at the estimate (c = e_i − e_j), and
// p = P(|Z| ≥ |z|) = Q(½, z²/2).

import { bootstrapIntervals } from './bradley-terry-bootstrap.ts';
import { fitLogStrengths, inverseInformation } from './bradley-terry-newton.ts';
import { nonExistenceFlags, type BradleyTerryFlag } from './bradley-terry-existence.ts';
import { regularizedGammaQ } from './incomplete-gamma.ts';
import { countPairs, winMatrix, type PairCounts } from './pair-counts.ts';
import type { PairwiseComparison } from './pairwise-comparison.ts';
import type { Seed } from '../random/xoshiro128-random.ts';

export type { BradleyTerryFlag } from './bradley-terry-existence.ts';

export const ELO_SCALE = 400;
export const ELO_BASE = 10;
export const ELO_MEAN = 1000;
/** The ridge λ used only when the MLE does not exist (see the file comment). */
export const BRADLEY_TERRY_RIDGE = 0.01;
const ELO_PER_NAT = ELO_SCALE / Math.log(ELO_BASE);

export interface BradleyTerryOptions {
  /** Bootstrap rounds for percentile intervals; 0 or absent for none. */
  bootstrap?: number;
  /** Seed of the bootstrap draws; the same seed gives the same intervals. Default 0. */
  seed?: Seed;
  /** Coverage of the intervals, in (0, 1). Default 0.95. */
  confidence?: number;
}

export interface BradleyTerryResult {
  /** Every system named in the comparisons, sorted by code unit. */
  systems: string[];
  /** Elo rating per system; the mean is 1000. */
  ratings: Record<string, number>;
  /** Percentile bootstrap interval per system, when bootstrap rounds were asked for. */
  ci?: Record<string, [lo: number, hi: number]>;
  /** pValues[i][j]: two-sided Wald p-value for a rating difference between i and j (1 on the diagonal). */
  pValues: Record<string, Record<string, number>>;
  /** Why a ridge was needed, naming the systems; empty when the plain MLE exists. */
  flags: BradleyTerryFlag[];
  /** The ridge λ of the point fit: 0 when the plain MLE exists. */
  ridge: number;
  comparisons: number;
  /** Distinct (pair, outcome) cells the comparisons collapsed into. */
  cells: number;
}

/** Fits Bradley–Terry ratings; throws a RangeError naming the field for malformed input. */
export function fitBradleyTerry(comparisons: readonly PairwiseComparison[], options: BradleyTerryOptions = {}): BradleyTerryResult {
  checkOptions(options);
  return fitBradleyTerryCounts(countPairs(comparisons), options);
}

function checkOptions(options: BradleyTerryOptions): { rounds: number; confidence: number } {
  const rounds = options.bootstrap ?? 0;
  const confidence = options.confidence ?? 0.95;
  if (!Number.isSafeInteger(rounds) || rounds < 0) throw new RangeError(`bootstrap must be a whole number of rounds at least 0, got ${rounds}`);
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be between 0 and 1, got ${confidence}`);
  return { rounds, confidence };
}

/** `fitBradleyTerry` on comparisons already collapsed into counts (`countPairs`, or a `PairTally` filled while reading). */
export function fitBradleyTerryCounts(pairs: PairCounts, options: BradleyTerryOptions = {}): BradleyTerryResult {
  const { rounds, confidence } = checkOptions(options);
  const { systems } = pairs;
  const n = systems.length;
  if (n < 2) throw new RangeError('comparisons must name at least two systems');

  const wins = winMatrix(pairs);
  const flags = nonExistenceFlags(wins, systems);
  const ridge = flags.length > 0 ? BRADLEY_TERRY_RIDGE : 0;
  const { theta } = fitLogStrengths(wins, n, ridge);
  const elo = toElo(theta);

  const result: BradleyTerryResult = {
    systems,
    ratings: Object.fromEntries(systems.map((name, i) => [name, elo[i]!])),
    pValues: pairwisePValues(wins, n, ridge, theta, systems),
    flags,
    ridge,
    comparisons: pairs.total,
    cells: pairs.cells.length,
  };
  if (rounds > 0) {
    const { intervals, roundsWithRidge } = bootstrapIntervals(pairs, wins, theta, { rounds, seed: options.seed ?? 0, confidence, pointRidge: ridge, ridgeWhenMissing: BRADLEY_TERRY_RIDGE });
    // The log-strengths come centred, and a percentile moves with an increasing linear map: Elo ends are the nats' ends mapped.
    result.ci = Object.fromEntries(systems.map((name, i) => [name, [ELO_MEAN + ELO_PER_NAT * intervals[i]![0], ELO_MEAN + ELO_PER_NAT * intervals[i]![1]]]));
    if (roundsWithRidge > 0 && ridge === 0) {
      flags.push({
        code: 'ridge-in-bootstrap',
        systems: [],
        message: `${roundsWithRidge} of ${rounds} bootstrap resamples had no finite MLE and were fitted with the ridge; the intervals are wide for a reason`,
      });
    }
  }
  return result;
}

function toElo(theta: Float64Array): Float64Array {
  let mean = 0;
  for (const t of theta) mean += t;
  mean /= theta.length;
  return theta.map((t) => ELO_MEAN + ELO_PER_NAT * (t - mean));
}

function pairwisePValues(wins: Float64Array, n: number, ridge: number, theta: Float64Array, systems: readonly string[]): Record<string, Record<string, number>> {
  const inverse = inverseInformation(wins, n, ridge, theta);
  // p[i][j] = p[j][i] (the variance is symmetric and z only changes sign): each pair's tail is computed once.
  const p = new Float64Array(n * n).fill(1);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const variance = inverse[i * n + i]! + inverse[j * n + j]! - inverse[i * n + j]! - inverse[j * n + i]!;
      const z = (theta[i]! - theta[j]!) / Math.sqrt(variance);
      p[i * n + j] = p[j * n + i] = regularizedGammaQ(0.5, (z * z) / 2);
    }
  }
  const rows: Record<string, Record<string, number>> = {};
  for (let i = 0; i < n; i++) {
    const row: Record<string, number> = {};
    for (let j = 0; j < n; j++) row[systems[j]!] = p[i * n + j]!;
    rows[systems[i]!] = row;
  }
  return rows;
}
