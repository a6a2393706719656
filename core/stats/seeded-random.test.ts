import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSeededRandom } from './seeded-random.ts';

describe('createSeededRandom', () => {
  it('returns the same sequence for the same seed and a different one for another seed', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer()), (seed) => {
        const a = createSeededRandom(seed);
        const b = createSeededRandom(seed);
        const drawsA = Array.from({ length: 20 }, () => a.next());
        expect(Array.from({ length: 20 }, () => b.next())).toEqual(drawsA);
      }),
    );
    const x = createSeededRandom('x').next();
    expect(createSeededRandom('y').next()).not.toBe(x);
    expect(createSeededRandom(1).next()).not.toBe(createSeededRandom('1').next());
  });

  it('draws uniformly: the mean and the spread of 100,000 draws are those of U(0, 1)', () => {
    const random = createSeededRandom(7);
    let sum = 0;
    let sumSquares = 0;
    const n = 100_000;
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < n; i++) {
      const u = random.next();
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
      sum += u;
      sumSquares += u * u;
      buckets[Math.floor(u * 10)]!++;
    }
    expect(Math.abs(sum / n - 0.5)).toBeLessThan(0.005);
    expect(Math.abs(sumSquares / n - sum * sum / n / n - 1 / 12)).toBeLessThan(0.002);
    // χ² with 9 df: 30 is far beyond its 0.999 quantile (27.9).
    const chiSquare = buckets.reduce((acc, count) => acc + (count - n / 10) ** 2 / (n / 10), 0);
    expect(chiSquare).toBeLessThan(30);
  });

  it('int(n) stays in [0, n) and rejects a bad n by name', () => {
    const random = createSeededRandom('int');
    for (let i = 0; i < 1000; i++) {
      const k = random.int(7);
      expect(Number.isInteger(k) && k >= 0 && k < 7).toBe(true);
    }
    expect(() => random.int(0)).toThrow(/n must be an integer/);
    expect(() => createSeededRandom(Number.NaN)).toThrow(/seed must be/);
  });
});
