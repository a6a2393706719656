// The paired bootstrap of a mean difference: matched observations (one task and repeat run once
// with each of two treatments) are resampled as pairs, so what the two members share (the task's
// difficulty) cancels out of the interval instead of widening it. Pure: arrays in, numbers out.

import { bootstrapInterval, type BootstrapInterval, type BootstrapOptions } from './bootstrap.ts';

export type PairedBootstrapOptions = Pick<BootstrapOptions, 'resamples' | 'seed' | 'confidence'>;

/**
 * The mean of `treated[i] − control[i]` with its percentile bootstrap interval, resampling the
 * pairs with replacement (SciPy's `bootstrap(..., paired=True, method='percentile')`; the draws
 * are ours, xoshiro128** seeded by `seed`, so the same seed gives the same interval). Throws a
 * RangeError naming the argument when the two differ in length or hold no pair.
 */
export function pairedBootstrapInterval(treated: readonly number[], control: readonly number[], options: PairedBootstrapOptions = {}): BootstrapInterval {
  if (treated.length !== control.length) throw new RangeError(`treated and control differ in length (${treated.length} vs ${control.length}): a paired bootstrap needs one control per treated value`);
  if (treated.length === 0) throw new RangeError('treated and control must hold at least one pair');
  const differences = treated.map((value, i) => value - control[i]!);
  return bootstrapInterval(differences, options);
}
