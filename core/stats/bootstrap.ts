// Seeded percentile bootstrap intervals for a mean or a weighted mean, resampling rows or, when
// rows come in clusters (several tasks of one run, several votes of one rater), whole clusters,
// so the interval reflects the correlation inside a cluster. Pure: arrays in, numbers out.

import { sortedPercentile } from './percentile.ts';
import { createXoshiro128Random, type Seed } from '../random/xoshiro128-random.ts';
import type { SeededRandom } from '../random/random-source.ts';

export type BootstrapStatistic = 'mean' | 'weighted-mean';

export interface BootstrapOptions {
  /** 'mean' (default) or 'weighted-mean' (needs `weights`). */
  statistic?: BootstrapStatistic;
  /** One non-negative weight per value, for the weighted mean. */
  weights?: readonly number[];
  /** One cluster id per value: resample clusters with replacement, keeping each cluster's rows together. */
  clusters?: readonly (string | number)[];
  /** Number of resamples. Default 1000. */
  resamples?: number;
  /** The same seed gives the same interval. Default 0. */
  seed?: Seed;
  /** Coverage of the interval, in (0, 1). Default 0.95. */
  confidence?: number;
}

export interface BootstrapInterval {
  /** The statistic on the data as given. */
  estimate: number;
  lo: number;
  hi: number;
}

const STATISTICS: readonly BootstrapStatistic[] = ['mean', 'weighted-mean'];

/**
 * The percentile interval: the (1 − confidence)/2 and (1 + confidence)/2 quantiles (linear
 * interpolation, as numpy.percentile) of the statistic over `resamples` resamples. A resample
 * whose weights all come out zero is drawn again. Throws a RangeError naming the field for bad input.
 */
export function bootstrapInterval(values: readonly number[], options: BootstrapOptions = {}): BootstrapInterval {
  const { statistic = 'mean', weights, clusters, resamples = 1000, seed = 0, confidence = 0.95 } = options;
  checkInput(values, statistic, weights, clusters, resamples, confidence);
  const rowWeights = statistic === 'weighted-mean' ? (weights as readonly number[]) : values.map(() => 1);

  // Each resampling unit (a row, or a cluster) is summarised by Σw·x and Σw; a resample's
  // statistic is the ratio of the sums over the units drawn.
  const units = new Map<string | number, { weightedSum: number; weight: number }>();
  values.forEach((value, i) => {
    const key = clusters ? (clusters[i] as string | number) : i;
    const unit = units.get(key) ?? { weightedSum: 0, weight: 0 };
    unit.weightedSum += (rowWeights[i] as number) * value;
    unit.weight += rowWeights[i] as number;
    units.set(key, unit);
  });
  const unitSums = Float64Array.from(units.values(), (u) => u.weightedSum);
  const unitWeights = Float64Array.from(units.values(), (u) => u.weight);
  const totalWeight = unitWeights.reduce((a, b) => a + b, 0);
  if (!(totalWeight > 0)) throw new RangeError('weights must not all be 0');
  const estimate = unitSums.reduce((a, b) => a + b, 0) / totalWeight;

  const random = createXoshiro128Random(seed);
  const statistics = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let resample = drawResample(random, unitSums, unitWeights);
    while (resample.weight === 0) resample = drawResample(random, unitSums, unitWeights);
    statistics[r] = resample.sum / resample.weight;
  }
  statistics.sort();
  const tail = (1 - confidence) / 2;
  return { estimate, lo: sortedPercentile(statistics, tail), hi: sortedPercentile(statistics, 1 - tail) };
}

/** Σw·x and Σw over as many units as there are, drawn with replacement. */
function drawResample(random: SeededRandom, unitSums: Float64Array, unitWeights: Float64Array): { sum: number; weight: number } {
  const count = unitSums.length;
  let sum = 0;
  let weight = 0;
  for (let k = 0; k < count; k++) {
    const unit = random.int(count);
    sum += unitSums[unit]!;
    weight += unitWeights[unit]!;
  }
  return { sum, weight };
}

function checkInput(
  values: readonly number[],
  statistic: BootstrapStatistic,
  weights: readonly number[] | undefined,
  clusters: readonly (string | number)[] | undefined,
  resamples: number,
  confidence: number,
): void {
  if (!Array.isArray(values) || values.length === 0) throw new RangeError('values must hold at least one number');
  values.forEach((v, i) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new RangeError(`values[${i}] must be a finite number, got ${String(v)}`);
  });
  if (!STATISTICS.includes(statistic)) throw new RangeError(`statistic must be one of ${STATISTICS.join(', ')}, got ${String(statistic)}`);
  if (statistic === 'weighted-mean' && weights === undefined) throw new RangeError('weights are required for the weighted mean');
  if (weights !== undefined) {
    if (weights.length !== values.length) throw new RangeError(`values and weights differ in length (${values.length} vs ${weights.length})`);
    weights.forEach((w, i) => {
      if (!(w >= 0) || !Number.isFinite(w)) throw new RangeError(`weights[${i}] must be a finite number at least 0, got ${String(w)}`);
    });
  }
  if (clusters !== undefined) {
    if (clusters.length !== values.length) throw new RangeError(`values and clusters differ in length (${values.length} vs ${clusters.length})`);
    clusters.forEach((c, i) => {
      if (typeof c !== 'string' && !(typeof c === 'number' && Number.isFinite(c))) throw new RangeError(`clusters[${i}] must be a string or a finite number, got ${String(c)}`);
    });
  }
  if (!Number.isSafeInteger(resamples) || resamples < 1) throw new RangeError(`resamples must be a whole number at least 1, got ${resamples}`);
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be between 0 and 1, got ${confidence}`);
}
