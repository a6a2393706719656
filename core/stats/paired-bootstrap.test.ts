import { describe, expect, it } from 'vitest';
import { bootstrapInterval } from './bootstrap.ts';
import { pairedBootstrapInterval } from './paired-bootstrap.ts';
import { signTest } from './sign-test.ts';

// 40 matched pairs: a shared per-task level plus a treatment effect of about +0.35, made with
// numpy (default_rng(7): base ~ N(3, 0.8), treated = base + N(0.35, 0.3), rounded to 3 places).
const TREATED = [3.384, 3.608, 2.763, 2.66, 3.394, 2.093, 3.656, 4.458, 2.764, 3.454, 3.971, 3.276, 3.457, 2.779, 3.27, 4.111, 2.255, 3.184, 2.261, 2.116, 1.938, 3.023, 2.374, 3.211, 3.302, 3.142, 1.606, 3.263, 2.914, 3.202, 2.32, 2.37, 2.428, 2.674, 4.576, 2.911, 3.226, 3.947, 2.808, 3.718];
const CONTROL = [3.001, 3.239, 2.781, 2.288, 2.636, 2.207, 3.048, 4.072, 2.606, 2.504, 3.392, 3.286, 3.084, 2.256, 2.977, 3.556, 1.925, 2.634, 1.479, 1.968, 1.527, 2.812, 1.986, 3.217, 3.125, 2.85, 0.987, 2.569, 2.961, 3.091, 1.776, 2.618, 2.217, 2.353, 3.849, 2.354, 2.974, 3.708, 2.533, 2.911];

// scipy 1.17.1: bootstrap((x, y), lambda a, b, axis: mean(a - b, axis), paired=True,
// method='percentile', n_resamples=400000, random_state=1).confidence_interval. SciPy draws with
// numpy's generator and we with ours, so the ends agree to Monte Carlo error, not digit for digit.
const SCIPY_40 = { estimate: 0.36274999999999996, lo: 0.279025, hi: 0.446375 };
// The same for 8 half-point scores (random_state=2): a short, lumpy sample.
const SMALL_TREATED = [4, 3.5, 5, 2, 4.5, 3, 4, 4];
const SMALL_CONTROL = [3, 3.5, 4, 2.5, 3, 3, 3.5, 2];
const SCIPY_8 = { estimate: 0.6875, lo: 0.125, hi: 1.25 };

describe('pairedBootstrapInterval', () => {
  it('gives SciPy’s paired percentile interval for 40 matched pairs (to Monte Carlo error)', () => {
    const result = pairedBootstrapInterval(TREATED, CONTROL, { resamples: 40_000, seed: 'paired' });
    expect(result.estimate).toBeCloseTo(SCIPY_40.estimate, 12);
    // The interval is ~0.17 wide; 40,000 resamples put each end within ~0.003 of the limit.
    expect(Math.abs(result.lo - SCIPY_40.lo)).toBeLessThan(0.006);
    expect(Math.abs(result.hi - SCIPY_40.hi)).toBeLessThan(0.006);
  });

  it('gives SciPy’s interval for a short sample of half-point scores, whose percentiles fall on the grid of means', () => {
    const result = pairedBootstrapInterval(SMALL_TREATED, SMALL_CONTROL, { resamples: 40_000, seed: 'small' });
    expect(result.estimate).toBe(SCIPY_8.estimate);
    expect(result.lo).toBeCloseTo(SCIPY_8.lo, 12);
    expect(result.hi).toBeCloseTo(SCIPY_8.hi, 12);
  });

  it('is much narrower than comparing the two arms’ own intervals when pairs share their level', () => {
    const paired = pairedBootstrapInterval(TREATED, CONTROL, { resamples: 4000, seed: 1 });
    const treated = bootstrapInterval(TREATED, { resamples: 4000, seed: 1 });
    // The arms' intervals overlap although every pair but six moved up (sign test p < 0.0001).
    expect(treated.lo).toBeLessThan(bootstrapInterval(CONTROL, { resamples: 4000, seed: 1 }).hi);
    expect(paired.lo).toBeGreaterThan(0);
    expect((paired.hi - paired.lo) / (treated.hi - treated.lo)).toBeLessThan(0.5);
    expect(signTest(TREATED.map((x, i) => x - CONTROL[i]!))).toMatchObject({ positive: 34, negative: 6 });
  });

  it('replays: the same seed gives the same interval, another seed another one', () => {
    const once = pairedBootstrapInterval(TREATED, CONTROL, { resamples: 500, seed: 'replay' });
    expect(pairedBootstrapInterval(TREATED, CONTROL, { resamples: 500, seed: 'replay' })).toEqual(once);
    expect(pairedBootstrapInterval(TREATED, CONTROL, { resamples: 500, seed: 'other' })).not.toEqual(once);
  });

  it('refuses arms of different lengths, or no pair, naming them', () => {
    expect(() => pairedBootstrapInterval([1, 2], [1])).toThrow('treated and control differ in length (2 vs 1)');
    expect(() => pairedBootstrapInterval([], [])).toThrow('at least one pair');
  });
});
