// The Bradley–Terry bootstrap: percentile intervals of the centred log-strengths over seeded
// resamples of the collapsed votes. Pure: counts in, intervals out.
//
// A round counts each (pair, outcome) cell Poisson(its count) times (poisson-bootstrap-weights.ts),
// which resamples the votes as Chatbot Arena's multinomial re-weighting of the same cells does,
// with the total drawn too (the fit does not see it), and refits from the point estimate by the
// chord method (bradley-terry-newton.ts). `bradley-terry-coverage.test.ts` checks the intervals
// cover known strengths as often as they claim.

import { ChordRefit } from './bradley-terry-newton.ts';
import { createMleExistenceCheck } from './bradley-terry-existence.ts';
import type { PairCounts } from './pair-counts.ts';
import { sortedPercentile } from './percentile.ts';
import { createPoissonBootstrapWeights } from './poisson-bootstrap-weights.ts';
import { createXoshiro128Random, type Seed } from '../random/xoshiro128-random.ts';

/**
 * A refit's last step, in natural-log strength: 1e-7 is 4e-5 Elo, far below what a percentile of
 * 1,000 resamples can resolve.
 */
const BOOTSTRAP_STEP_TOLERANCE = 1e-7;
/**
 * A resample starts from the point estimate, a few hundredths of a nat away: full Newton steps
 * converge there (the log-likelihood is concave), so the line search only guards steps this long.
 */
const BOOTSTRAP_LINE_SEARCH_ABOVE = 0.5;

export interface BootstrapOptions {
  rounds: number;
  seed: Seed;
  /** Coverage of the intervals, in (0, 1). */
  confidence: number;
  /** The ridge of the point fit (0 when the plain MLE exists). */
  pointRidge: number;
  /** The ridge a resample gets when its own plain MLE does not exist. */
  ridgeWhenMissing: number;
}

/**
 * Each system's percentile interval (linear interpolation, as numpy.percentile) of its centred
 * log-strength over `rounds` resamples, and how many resamples needed the ridge. `wins` and
 * `estimate` are the point fit's win matrix and centred log-strengths.
 */
export function bootstrapIntervals(pairs: PairCounts, wins: Float64Array, estimate: Float64Array, options: BootstrapOptions): { intervals: [lo: number, hi: number][]; roundsWithRidge: number } {
  const { rounds, confidence, pointRidge, ridgeWhenMissing } = options;
  const n = pairs.systems.length;
  const random = createXoshiro128Random(options.seed);
  const drawCounts = createPoissonBootstrapWeights(pairs.cells.map((cell) => cell.count));
  const mleExistsFor = createMleExistenceCheck(n);
  const refits = new ChordRefit(wins, n, pointRidge, estimate);
  // Every round reuses these: nothing is allocated per resample.
  const counts = new Float64Array(pairs.cells.length);
  const resampled = new Float64Array(n * n);
  const addTo = cellPlaces(pairs);
  const samples = Array.from({ length: n }, () => new Float64Array(rounds));
  let roundsWithRidge = 0;
  for (let round = 0; round < rounds; round++) {
    drawCounts(random, counts);
    addTo(counts, resampled);
    let ridge = pointRidge;
    if (ridge === 0 && !mleExistsFor(resampled)) {
      ridge = ridgeWhenMissing;
      roundsWithRidge++;
    }
    const theta = refits.refit(resampled, ridge, BOOTSTRAP_STEP_TOLERANCE, BOOTSTRAP_LINE_SEARCH_ABOVE);
    for (let i = 0; i < n; i++) samples[i]![round] = theta[i]!;
  }
  const tail = (1 - confidence) / 2;
  const intervals = samples.map((sample): [number, number] => {
    const sorted = sample.sort();
    return [sortedPercentile(sorted, tail), sortedPercentile(sorted, 1 - tail)];
  });
  return { intervals, roundsWithRidge };
}

/**
 * `winMatrix(pairs, counts, out)` for many `counts`, with each cell's places in the matrix worked
 * out once into typed arrays (a tie adds half to both places), so a round reads no cell objects.
 */
function cellPlaces(pairs: PairCounts): (counts: Float64Array, out: Float64Array) => void {
  const n = pairs.systems.length;
  const cells = pairs.cells.length;
  const first = new Int32Array(cells);
  const second = new Int32Array(cells);
  const share = new Float64Array(cells);
  pairs.cells.forEach((cell, k) => {
    first[k] = cell.first * n + cell.second;
    second[k] = cell.tie ? cell.second * n + cell.first : -1;
    share[k] = cell.tie ? 0.5 : 1;
  });
  return (counts, out) => {
    out.fill(0);
    for (let k = 0; k < cells; k++) {
      const added = counts[k]! * share[k]!;
      out[first[k]!]! += added;
      const other = second[k]!;
      if (other >= 0) out[other]! += added;
    }
  };
}
