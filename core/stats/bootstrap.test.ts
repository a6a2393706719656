import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bootstrapInterval } from './bootstrap.ts';
import { createXoshiro128Random } from '../random/xoshiro128-random.ts';

/** Approximately normal draws (sum of 12 uniforms − 6), seeded. */
function normalSample(n: number, seed: string): number[] {
  const random = createXoshiro128Random(seed);
  return Array.from({ length: n }, () => Array.from({ length: 12 }, () => random.next()).reduce((a, b) => a + b, 0) - 6);
}

const valuesArbitrary = fc.array(fc.double({ min: -100, max: 100, noNaN: true }), { minLength: 2, maxLength: 30 });

describe('bootstrapInterval', () => {
  it('estimates the mean and brackets it with the normal-theory interval for a large sample', () => {
    const values = normalSample(2000, 'normal');
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
    const { estimate, lo, hi } = bootstrapInterval(values, { seed: 'ci' });
    expect(estimate).toBeCloseTo(mean, 12);
    const halfWidth = (1.959963984540054 * sd) / Math.sqrt(values.length);
    expect(Math.abs((hi - lo) / 2 / halfWidth - 1)).toBeLessThan(0.1);
    expect(Math.abs((hi + lo) / 2 - mean)).toBeLessThan(0.15 * halfWidth);
  });

  it('weights rows for the weighted mean', () => {
    const result = bootstrapInterval([1, 2, 3, 10], { statistic: 'weighted-mean', weights: [1, 1, 1, 0], seed: 3 });
    expect(result.estimate).toBe(2);
    expect(result.hi).toBeLessThanOrEqual(3);
    expect(result.lo).toBeGreaterThanOrEqual(1);
  });

  it('gives a wider interval when correlated rows are resampled as clusters', () => {
    // 10 clusters of 20 identical rows: really 10 observations, not 200.
    const clusterMeans = normalSample(10, 'clusters');
    const values = clusterMeans.flatMap((m) => new Array<number>(20).fill(m));
    const clusters = clusterMeans.flatMap((_, c) => new Array<string>(20).fill(`run-${c}`));
    const rows = bootstrapInterval(values, { seed: 1 });
    const byCluster = bootstrapInterval(values, { clusters, seed: 1 });
    expect(byCluster.estimate).toBeCloseTo(rows.estimate, 12);
    expect((byCluster.hi - byCluster.lo) / (rows.hi - rows.lo)).toBeGreaterThan(3);
    // Resampling clusters of identical rows is resampling the 10 cluster means.
    const ofMeans = bootstrapInterval(clusterMeans, { seed: 1 });
    expect(byCluster.lo).toBeCloseTo(ofMeans.lo, 12);
    expect(byCluster.hi).toBeCloseTo(ofMeans.hi, 12);
  });

  it('is a point for constant data, and widens with the confidence asked for', () => {
    expect(bootstrapInterval([4, 4, 4])).toEqual({ estimate: 4, lo: 4, hi: 4 });
    const values = normalSample(50, 'conf');
    const ninety = bootstrapInterval(values, { confidence: 0.9, seed: 2 });
    const ninetyNine = bootstrapInterval(values, { confidence: 0.99, seed: 2 });
    expect(ninetyNine.hi - ninetyNine.lo).toBeGreaterThan(ninety.hi - ninety.lo);
  });

  it('gives the identical interval for the same seed (property)', () => {
    fc.assert(
      fc.property(valuesArbitrary, fc.oneof(fc.integer(), fc.string()), (values, seed) => {
        expect(bootstrapInterval(values, { seed, resamples: 200 })).toEqual(bootstrapInterval(values, { seed, resamples: 200 }));
      }),
      { numRuns: 50 },
    );
  });

  it('narrows as n grows: the same values seen 16 times give an interval about a quarter as wide (property)', () => {
    fc.assert(
      fc.property(
        valuesArbitrary.filter((values) => Math.max(...values) - Math.min(...values) > 1e-6 && values.length >= 5),
        fc.integer(),
        (values, seed) => {
          const small = bootstrapInterval(values, { seed, resamples: 500 });
          const large = bootstrapInterval(Array.from({ length: 16 }, () => values).flat(), { seed, resamples: 500 });
          expect(large.hi - large.lo).toBeLessThan(small.hi - small.lo);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('names the field it rejects', () => {
    expect(() => bootstrapInterval([])).toThrow('values must hold at least one number');
    expect(() => bootstrapInterval([1, Number.NaN])).toThrow('values[1] must be a finite number');
    expect(() => bootstrapInterval([1, 2], { clusters: ['a'] })).toThrow('values and clusters differ in length (2 vs 1)');
    expect(() => bootstrapInterval([1, 2], { statistic: 'weighted-mean' })).toThrow('weights are required for the weighted mean');
    expect(() => bootstrapInterval([1, 2], { statistic: 'weighted-mean', weights: [1, -1] })).toThrow('weights[1] must be a finite number at least 0');
    expect(() => bootstrapInterval([1, 2], { statistic: 'weighted-mean', weights: [0, 0] })).toThrow('weights must not all be 0');
    expect(() => bootstrapInterval([1, 2], { resamples: 0 })).toThrow('resamples must be a whole number at least 1');
    expect(() => bootstrapInterval([1, 2], { confidence: 95 })).toThrow('confidence must be between 0 and 1');
  });
});
