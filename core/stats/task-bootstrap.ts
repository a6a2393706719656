// The percentile bootstrap over tasks for any statistic that can be computed from how often each
// task was drawn: κ from per-task confusion matrices, a win rate from per-task wins and games, a
// difference of two κ on the same draws (paired). Tasks move whole, so what one task's items
// share (its difficulty, its runs) widens the interval instead of hiding in it. Pure given its seed.

import { sortedPercentile } from './percentile.ts';
import { MIN_INTERVAL_CLUSTERS } from './two-stage-bootstrap.ts';
import { createXoshiro128Random, type Seed } from '../random/xoshiro128-random.ts';

export interface TaskBootstrapOptions {
  /** Number of resamples (the report's, 1000 by default). */
  resamples: number;
  /** The same seed gives the same draws, so two statistics drawn with one seed are paired. */
  seed: Seed;
}

/** A statistic of the tasks as drawn: `times[k]` is how often task k is in the resample (1 each for the data as given); null where it is undefined. */
export type TaskStatistic = (times: Float64Array) => number | null;

export interface TaskDraws {
  /** The statistic on the data as given. */
  estimate: number | null;
  /** The statistic on each resample where it is defined, sorted ascending. */
  draws: Float64Array;
  resamples: number;
  tasks: number;
}

/** A 95% interval over tasks; `lo`/`hi` null with too few tasks or too many resamples where the statistic is undefined. */
export interface TaskInterval {
  estimate: number | null;
  lo: number | null;
  hi: number | null;
}

/** The share of resamples that must define the statistic for its interval to be given (κ is undefined on a resample where both raters never vary). */
export const MIN_DEFINED_SHARE = 0.95;

/**
 * Draws `resamples` resamples of the `tasks` tasks with replacement (as many draws as tasks; a
 * caller numbers its tasks in id order, so the draws depend on the data and seed only) and
 * evaluates `statistic` on each. Two calls with one seed and one task count draw the same
 * resamples, which is what makes a difference of two statistics paired.
 */
export function drawOverTasks(tasks: number, statistic: TaskStatistic, options: TaskBootstrapOptions): TaskDraws {
  if (!Number.isSafeInteger(tasks) || tasks < 0) throw new RangeError(`tasks must be a whole number at least 0, got ${tasks}`);
  if (!Number.isSafeInteger(options.resamples) || options.resamples < 1) throw new RangeError(`resamples must be a whole number at least 1, got ${options.resamples}`);
  const estimate = tasks === 0 ? null : statistic(new Float64Array(tasks).fill(1));
  if (tasks < MIN_INTERVAL_CLUSTERS || estimate === null) return { estimate, draws: new Float64Array(0), resamples: options.resamples, tasks };
  const random = createXoshiro128Random(options.seed);
  const times = new Float64Array(tasks);
  const draws: number[] = [];
  for (let r = 0; r < options.resamples; r++) {
    times.fill(0);
    for (let k = 0; k < tasks; k++) times[random.int(tasks)]! += 1;
    const value = statistic(times);
    if (value !== null && Number.isFinite(value)) draws.push(value);
  }
  return { estimate, draws: Float64Array.from(draws).sort(), resamples: options.resamples, tasks };
}

/** The percentile interval (numpy.percentile's linear rule) of the draws, or none (see TaskInterval). */
export function taskInterval(draws: TaskDraws, confidence = 0.95): TaskInterval {
  const usable = draws.tasks >= MIN_INTERVAL_CLUSTERS && draws.estimate !== null && draws.draws.length >= MIN_DEFINED_SHARE * draws.resamples;
  if (!usable) return { estimate: draws.estimate, lo: null, hi: null };
  const tail = (1 - confidence) / 2;
  return { estimate: draws.estimate, lo: sortedPercentile(draws.draws, tail), hi: sortedPercentile(draws.draws, 1 - tail) };
}

/**
 * A paired bootstrap test of a difference being 0: twice the smaller share of resampled
 * differences at or below 0 and at or above 0 (capped at 1), i.e. how often the resamples cross 0
 * on the far side from the estimate. Null where the interval is not given. Its resolution is
 * 2 / resamples: with 1000 resamples no p below 0.002 is told apart from 0.
 */
export function bootstrapCrossingP(draws: TaskDraws): number | null {
  if (taskInterval(draws).lo === null) return null;
  let atOrBelow = 0;
  let atOrAbove = 0;
  for (const value of draws.draws) {
    if (value <= 0) atOrBelow++;
    if (value >= 0) atOrAbove++;
  }
  return Math.min(1, (2 * Math.min(atOrBelow, atOrAbove)) / draws.draws.length);
}
