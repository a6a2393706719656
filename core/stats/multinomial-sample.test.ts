import { describe, expect, it } from 'vitest';
import { createMultinomialSampler, sampleBinomial, sampleMultinomial } from './multinomial-sample.ts';
import { createXoshiro128Random } from '../random/xoshiro128-random.ts';

/** Mean and variance of `draws` samples of `draw`. */
function moments(draws: number, draw: () => number): { mean: number; variance: number } {
  let sum = 0;
  let sumSquares = 0;
  for (let i = 0; i < draws; i++) {
    const x = draw();
    sum += x;
    sumSquares += x * x;
  }
  const mean = sum / draws;
  return { mean, variance: sumSquares / draws - mean * mean };
}

describe('sampleBinomial', () => {
  it.each([
    [20, 0.1],
    [1000, 0.004],
    [1000, 0.3],
    [100_000, 0.5],
    [100_000, 0.93],
  ])('Binomial(%i, %d) has mean n·p and variance n·p·q (both samplers, both tails)', (n, p) => {
    const random = createXoshiro128Random(`binomial-${n}-${p}`);
    const draws = 20_000;
    const { mean, variance } = moments(draws, () => {
      const x = sampleBinomial(random, n, p);
      expect(Number.isInteger(x) && x >= 0 && x <= n).toBe(true);
      return x;
    });
    const expectedVariance = n * p * (1 - p);
    // 5 standard errors of the mean; the variance within 5%.
    expect(Math.abs(mean - n * p)).toBeLessThan(5 * Math.sqrt(expectedVariance / draws));
    expect(Math.abs(variance / expectedVariance - 1)).toBeLessThan(0.05);
  });

  it('matches the Binomial(30, 0.5) point probabilities (BTRS acceptance test)', () => {
    const random = createXoshiro128Random('pmf');
    const counts = new Array<number>(31).fill(0);
    const draws = 200_000;
    for (let i = 0; i < draws; i++) counts[sampleBinomial(random, 30, 0.5)]!++;
    let chiSquare = 0;
    let cells = 0;
    let choose = 1; // C(30, k), updated as k grows
    for (let k = 0; k <= 30; k++) {
      if (k > 0) choose = (choose * (30 - k + 1)) / k;
      const expected = (choose / 2 ** 30) * draws;
      if (expected >= 5) {
        chiSquare += (counts[k]! - expected) ** 2 / expected;
        cells++;
      }
    }
    // χ² with ~20 df: 50 is far beyond its 0.9999 quantile (~45).
    expect(cells).toBeGreaterThan(15);
    expect(chiSquare).toBeLessThan(50);
  });
});

describe('sampleMultinomial', () => {
  it('assigns every unit, keeps zero-weight cells empty and has the right means', () => {
    const random = createXoshiro128Random(3);
    const weights = [5, 0, 1, 4, 90];
    const out = new Float64Array(weights.length);
    const sums = new Array<number>(weights.length).fill(0);
    for (let round = 0; round < 2000; round++) {
      sampleMultinomial(random, 1000, weights, out);
      expect(out.reduce((a, b) => a + b, 0)).toBe(1000);
      expect(out[1]).toBe(0);
      out.forEach((x, k) => (sums[k] = sums[k]! + x));
    }
    weights.forEach((w, k) => expect(Math.abs(sums[k]! / 2000 - (w / 100) * 1000)).toBeLessThan(2));
  });

  it('names a bad argument', () => {
    const random = createXoshiro128Random(1);
    expect(() => sampleMultinomial(random, 10, [1, -1], new Float64Array(2))).toThrow('weights[1] must be a finite number at least 0');
    expect(() => sampleMultinomial(random, 10, [1, 1], new Float64Array(3))).toThrow('out must have one slot per weight');
    expect(() => sampleMultinomial(random, 1.5, [1], new Float64Array(1))).toThrow('total must be a whole number');
  });
});

describe('createMultinomialSampler', () => {
  it('draws, round after round, exactly what sampleMultinomial draws from the same generator', () => {
    const weights = [120, 0, 3, 40, 900, 1, 0, 57];
    const sampler = createMultinomialSampler(5000, weights);
    const viaSampler = createXoshiro128Random('sampler');
    const viaFunction = createXoshiro128Random('sampler');
    for (let round = 0; round < 50; round++) {
      const a = new Float64Array(weights.length);
      const b = new Float64Array(weights.length);
      sampler(viaSampler, a);
      sampleMultinomial(viaFunction, 5000, weights, b);
      expect(a).toEqual(b);
      expect(a.reduce((x, y) => x + y, 0)).toBe(5000);
      expect(a[1]).toBe(0);
      expect(a[6]).toBe(0);
    }
  });

  it('checks its weights once, when made', () => {
    expect(() => createMultinomialSampler(10, [1, -1])).toThrow('weights[1] must be a finite number at least 0');
  });
});
