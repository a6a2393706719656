// The Bradley–Terry bootstrap: percentile intervals of the centred log-strengths over seeded
// resamples of the collapsed votes. Pure: counts in, intervals out.
//
// A round counts each (pair, outcome) cell Poisson(its count) times (poisson-bootstrap-weights.ts),
// which resamples the votes as Chatbot Arena's multinomial re-weighting of the same cells does,
// with the total drawn too (the fit does not see it), and refits from the point estimate by the
// chord method (bradley-terry-chord-refit.ts). `bradley-terry-coverage.test.ts` checks the intervals
// cover known strengths as often as they claim.
//
// A round works on the compared pairs, not the n×n matrix: each cell adds its draw to its pair's
// wins, and the n×n matrix is filled only when a resample lost a contact the votes had (then the
// MLE may not exist) or the chord method hands over to Newton.

import { ChordRefit, fillWinMatrix, type ComparedPairs } from './bradley-terry-chord-refit.ts';
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
  const places = cellPlaces(pairs);
  const { compared } = places;
  const refits = new ChordRefit(compared, wins, pointRidge, estimate);
  // Every round reuses these: nothing is allocated per resample.
  const counts = new Float64Array(pairs.cells.length);
  const lowWins = new Float64Array(compared.low.length);
  const highWins = new Float64Array(compared.low.length);
  const resampled = new Float64Array(n * n);
  const samples = Array.from({ length: n }, () => new Float64Array(rounds));
  let roundsWithRidge = 0;
  for (let round = 0; round < rounds; round++) {
    drawCounts(random, counts);
    const lostContact = places.addTo(counts, lowWins, highWins);
    let ridge = pointRidge;
    if (ridge === 0 && lostContact) {
      fillWinMatrix(compared, lowWins, highWins, resampled);
      if (!mleExistsFor(resampled)) {
        ridge = ridgeWhenMissing;
        roundsWithRidge++;
      }
    }
    const theta = refits.refit(lowWins, highWins, ridge, BOOTSTRAP_STEP_TOLERANCE, BOOTSTRAP_LINE_SEARCH_ABOVE);
    for (let i = 0; i < n; i++) samples[i]![round] = theta[i]!;
  }
  const tail = (1 - confidence) / 2;
  const intervals = samples.map((sample): [number, number] => {
    const sorted = sample.sort();
    return [sortedPercentile(sorted, tail), sortedPercentile(sorted, 1 - tail)];
  });
  return { intervals, roundsWithRidge };
}

const LOW_WON = 0;
const HIGH_WON = 1;
const TIED = 2;

/**
 * The compared pairs (in row order) and, for each cell, its pair and which side it adds to (a
 * tie adds half to both), worked out once into typed arrays so a round reads no cell objects.
 * `addTo(counts, lowWins, highWins)` fills the pairs' wins for one round's cell counts and says
 * whether some side that won or tied in the votes has none in the resample: only then can the
 * resample's MLE fail to exist where the votes' exists (with every such contact kept, its
 * "beat or tied" graph holds the votes', which is strongly connected).
 */
function cellPlaces(pairs: PairCounts): { compared: ComparedPairs; addTo: (counts: Float64Array, lowWins: Float64Array, highWins: Float64Array) => boolean } {
  const n = pairs.systems.length;
  const cells = pairs.cells.length;
  const pairOfKey = new Map<number, number>();
  for (const { first, second } of pairs.cells) pairOfKey.set(Math.min(first, second) * n + Math.max(first, second), 0);
  const keys = [...pairOfKey.keys()].sort((x, y) => x - y);
  const low = new Int32Array(keys.length);
  const high = new Int32Array(keys.length);
  keys.forEach((key, p) => {
    pairOfKey.set(key, p);
    low[p] = Math.floor(key / n);
    high[p] = key % n;
  });
  const pairOf = new Int32Array(cells);
  const side = new Uint8Array(cells);
  pairs.cells.forEach((cell, k) => {
    pairOf[k] = pairOfKey.get(Math.min(cell.first, cell.second) * n + Math.max(cell.first, cell.second))!;
    side[k] = cell.tie ? TIED : cell.first < cell.second ? LOW_WON : HIGH_WON;
  });
  const votesLow = new Float64Array(keys.length);
  const votesHigh = new Float64Array(keys.length);
  const addTo = (counts: ArrayLike<number>, lowWins: Float64Array, highWins: Float64Array): boolean => {
    lowWins.fill(0);
    highWins.fill(0);
    for (let k = 0; k < cells; k++) {
      const count = counts[k]!;
      const p = pairOf[k]!;
      const s = side[k]!;
      if (s === LOW_WON) lowWins[p]! += count;
      else if (s === HIGH_WON) highWins[p]! += count;
      else {
        lowWins[p]! += count * 0.5;
        highWins[p]! += count * 0.5;
      }
    }
    for (let p = 0; p < low.length; p++) {
      if ((votesLow[p]! > 0 && lowWins[p] === 0) || (votesHigh[p]! > 0 && highWins[p] === 0)) return true;
    }
    return false;
  };
  addTo(pairs.cells.map((cell) => cell.count), votesLow, votesHigh);
  return { compared: { n, low, high }, addTo };
}
