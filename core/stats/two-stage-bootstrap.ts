// The two-stage (hierarchical) percentile bootstrap of a mean of cluster means: draw clusters
// (tasks) with replacement, then within each drawn cluster draw its units (one configuration's
// runs on that task) with replacement, and take the mean over drawn clusters of the mean of the
// drawn units. Both sources of variation (which tasks, which runs of a task) widen the interval.
// Pure: arrays in, numbers out.

import { sortedPercentile } from './percentile.ts';
import { createXoshiro128Random, type Seed } from '../random/xoshiro128-random.ts';

/** A cluster and its units, each named by a stable id (a task and its runs). */
export interface BootstrapCluster {
  id: string;
  units: readonly { id: string; value: number }[];
}

export interface TwoStageBootstrapOptions {
  /** Number of resamples. Default 1000. */
  resamples?: number;
  /** The same seed gives the same interval. Default 0. */
  seed?: Seed;
  /** Coverage of the interval, in (0, 1). Default 0.95. */
  confidence?: number;
  /** Fewer clusters than this give no interval (`lo`, `hi` null). Default 3. */
  minClusters?: number;
}

/** The fewest tasks a leaderboard draws an interval from: with one or two, a resampled mean says nothing of the spread. */
export const MIN_INTERVAL_CLUSTERS = 3;

export interface TwoStageInterval {
  /** The mean over clusters of the mean of each cluster's units, on the data as given. */
  estimate: number;
  /** Percentile bounds; null when there are fewer clusters than `minClusters`. */
  lo: number | null;
  hi: number | null;
  clusters: number;
  units: number;
}

const byId = <T extends { id: string }>(x: T, y: T) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

/**
 * The estimate and its percentile interval (linear interpolation, as numpy.percentile). Clusters
 * and the units in each are sorted by id before any draw, so the interval depends on the data and
 * the seed only, never on the order the caller gathered them in (an export and import give the
 * same interval to the bit). Throws a RangeError naming the field for bad input: no cluster, an
 * empty cluster, a repeated id, a value that is not finite.
 */
export function twoStageBootstrapInterval(clusters: readonly BootstrapCluster[], options: TwoStageBootstrapOptions = {}): TwoStageInterval {
  const { resamples = 1000, seed = 0, confidence = 0.95, minClusters = MIN_INTERVAL_CLUSTERS } = options;
  checkInput(clusters, resamples, confidence, minClusters);
  const sorted = [...clusters].sort(byId).map((cluster) => Float64Array.from([...cluster.units].sort(byId), (unit) => unit.value));
  const clusterMeans = sorted.map(meanOf);
  const estimate = meanOf(clusterMeans);
  const units = sorted.reduce((total, values) => total + values.length, 0);
  if (sorted.length < minClusters) return { estimate, lo: null, hi: null, clusters: sorted.length, units };

  const random = createXoshiro128Random(seed);
  const statistics = new Float64Array(resamples);
  const count = sorted.length;
  const picks = new Int32Array(count);
  for (let r = 0; r < resamples; r++) {
    // The tasks first, then their runs: runs of equal number ask int(n) for one n in a row, which the generator keeps ready.
    for (let k = 0; k < count; k++) picks[k] = random.int(count);
    let total = 0;
    for (let k = 0; k < count; k++) {
      const values = sorted[picks[k]!]!;
      const n = values.length;
      // A task with one run resamples to itself: no draw.
      if (n === 1) {
        total += values[0]!;
        continue;
      }
      let sum = 0;
      for (let u = 0; u < n; u++) sum += values[random.int(n)]!;
      total += sum / n;
    }
    statistics[r] = total / count;
  }
  statistics.sort();
  const tail = (1 - confidence) / 2;
  return { estimate, lo: sortedPercentile(statistics, tail), hi: sortedPercentile(statistics, 1 - tail), clusters: count, units };
}

function meanOf(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return sum / values.length;
}

function checkInput(clusters: readonly BootstrapCluster[], resamples: number, confidence: number, minClusters: number): void {
  if (!Array.isArray(clusters) || clusters.length === 0) throw new RangeError('clusters must hold at least one cluster');
  const clusterIds = new Set<string>();
  clusters.forEach((cluster, i) => {
    if (typeof cluster.id !== 'string') throw new RangeError(`clusters[${i}].id must be a string, got ${String(cluster.id)}`);
    if (clusterIds.has(cluster.id)) throw new RangeError(`clusters[${i}].id ${cluster.id} is given twice: each cluster must be named once`);
    clusterIds.add(cluster.id);
    const units: readonly { id: string; value: number }[] = cluster.units;
    if (!Array.isArray(units) || units.length === 0) throw new RangeError(`clusters[${i}] (${cluster.id}) must hold at least one unit`);
    const unitIds = new Set<string>();
    units.forEach((unit, u) => {
      if (typeof unit.id !== 'string') throw new RangeError(`clusters[${i}].units[${u}].id must be a string, got ${String(unit.id)}`);
      if (unitIds.has(unit.id)) throw new RangeError(`clusters[${i}].units[${u}].id ${unit.id} is given twice in cluster ${cluster.id}`);
      unitIds.add(unit.id);
      if (typeof unit.value !== 'number' || !Number.isFinite(unit.value)) throw new RangeError(`clusters[${i}].units[${u}].value must be a finite number, got ${String(unit.value)}`);
    });
  });
  if (!Number.isSafeInteger(resamples) || resamples < 1) throw new RangeError(`resamples must be a whole number at least 1, got ${resamples}`);
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be between 0 and 1, got ${confidence}`);
  if (!Number.isSafeInteger(minClusters) || minClusters < 1) throw new RangeError(`minClusters must be a whole number at least 1, got ${minClusters}`);
}
