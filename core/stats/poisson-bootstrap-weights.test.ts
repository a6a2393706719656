import { describe, expect, it } from 'vitest';
import { createXoshiro128Random } from '../random/xoshiro128-random.ts';
import { logGamma } from './log-gamma.ts';
import { createPoissonBootstrapWeights } from './poisson-bootstrap-weights.ts';

const DRAWS = 200_000;

/** `DRAWS` Poisson weights for one cell of `count` votes. */
function drawMany(count: number, seed: string): Float64Array {
  const sample = createPoissonBootstrapWeights([count]);
  const random = createXoshiro128Random(seed);
  const one = new Float64Array(1);
  const out = new Float64Array(DRAWS);
  for (let i = 0; i < DRAWS; i++) {
    sample(random, one);
    out[i] = one[0]!;
  }
  return out;
}

describe('Poisson bootstrap weights', () => {
  it.each([0.5, 3, 37, 175, 250_000])('counts a cell of %s votes Poisson(count) times: mean and variance both the count', (count) => {
    const draws = drawMany(count, `moments-${count}`);
    let mean = 0;
    for (const x of draws) mean += x;
    mean /= DRAWS;
    let variance = 0;
    for (const x of draws) variance += (x - mean) ** 2;
    variance /= DRAWS - 1;
    // Five standard errors of each estimate.
    expect(Math.abs(mean - count)).toBeLessThan(5 * Math.sqrt(count / DRAWS));
    expect(Math.abs(variance / count - 1)).toBeLessThan(5 * Math.sqrt(2 / DRAWS + 1 / (count * DRAWS)));
    expect(draws.every((x) => Number.isInteger(x) && x >= 0)).toBe(true);
  });

  it('draws each value as often as the Poisson probabilities say (chi-square at 12 votes)', () => {
    const count = 12;
    const draws = drawMany(count, 'chi-square');
    const seen = new Map<number, number>();
    for (const x of draws) seen.set(x, (seen.get(x) ?? 0) + 1);
    // Bins 0..29 plus the tail above, merged so each expects at least 20 draws.
    let chiSquare = 0;
    let bins = 0;
    let pending = { observed: 0, expected: 0 };
    for (let k = 0; k <= 40; k++) {
      const p = k < 40 ? Math.exp(k * Math.log(count) - count - logGamma(k + 1)) : 0;
      pending = { observed: pending.observed + (seen.get(k) ?? 0), expected: pending.expected + p * DRAWS };
      if (pending.expected >= 20 || k === 40) {
        chiSquare += (pending.observed - pending.expected) ** 2 / pending.expected;
        bins++;
        pending = { observed: 0, expected: 0 };
      }
    }
    // The 99.9th percentile of chi-square with bins − 1 ≤ 30 degrees of freedom is below 60.
    expect(bins).toBeGreaterThan(15);
    expect(chiSquare).toBeLessThan(60);
  });

  it('draws cells independently, gives a cell of no votes no weight, and repeats itself for a seed', () => {
    const sample = createPoissonBootstrapWeights([5, 0, 5]);
    const first = new Float64Array(3);
    const again = new Float64Array(3);
    let equalPairs = 0;
    const a = createXoshiro128Random('same');
    const b = createXoshiro128Random('same');
    for (let i = 0; i < 1000; i++) {
      sample(a, first);
      sample(b, again);
      expect(again).toEqual(first);
      expect(first[1]).toBe(0);
      if (first[0] === first[2]) equalPairs++;
    }
    // Two independent Poisson(5) draws are equal e^−10·I₀(10) ≈ 12.8 % of the time.
    expect(equalPairs).toBeGreaterThan(90);
    expect(equalPairs).toBeLessThan(170);
    expect(() => createPoissonBootstrapWeights([3, -1])).toThrow('counts[1] must be a finite number at least 0, got -1');
  });
});
