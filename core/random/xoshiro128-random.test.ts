import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createXoshiro128Random } from './xoshiro128-random.ts';

describe('createXoshiro128Random', () => {
  // Bootstrap intervals are reproducible from their seed (lhb analyze --seed); these exact draws
  // keep every published interval the same across versions.
  it.each([
    ['', [0.689175517290906, 0.08718834780088647, 0.948012957270913, 0.0755262065335851], [100, 830, 192, 656, 117, 31]],
    ['lhb-analysis', [0.9456241347333469, 0.886257169629468, 0.6541595325483106, 0.9083083999175384], [802, 91, 495, 213, 813, 792]],
    [7, [0.9266612494647911, 0.8431828840872669, 0.5790705481055668, 0.8243205746317416], [662, 933, 71, 272, 588, 113]],
    [0, [0.6163392710398662, 0.46405289013861994, 0.6284239802365198, 0.33562631980737967], [912, 409, 431, 345, 482, 150]],
    [-1.5, [0.6075235584912537, 0.17528298931839414, 0.48870948653308255, 0.6749934996156153], [274, 119, 543, 284, 114, 710]],
    ['ünïcødé 🎲', [0.7146798947756831, 0.47464709023872886, 0.9101236360527138, 0.0867141617169861], [43, 320, 302, 304, 375, 961]],
  ])('draws exactly what earlier versions drew for seed %j', (seed, next, ints) => {
    const random = createXoshiro128Random(seed);
    expect(Array.from({ length: 4 }, () => random.next())).toEqual(next);
    expect(Array.from({ length: 6 }, () => random.int(1000))).toEqual(ints);
  });

  it('returns the same sequence for the same seed and a different one for another seed', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer()), (seed) => {
        const a = createXoshiro128Random(seed);
        const b = createXoshiro128Random(seed);
        const drawsA = Array.from({ length: 20 }, () => a.next());
        expect(Array.from({ length: 20 }, () => b.next())).toEqual(drawsA);
      }),
    );
    const x = createXoshiro128Random('x').next();
    expect(createXoshiro128Random('y').next()).not.toBe(x);
    expect(createXoshiro128Random(1).next()).not.toBe(createXoshiro128Random('1').next());
  });

  it('draws uniformly: the mean and the spread of 100,000 draws are those of U(0, 1)', () => {
    const random = createXoshiro128Random(7);
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
    const random = createXoshiro128Random('int');
    for (let i = 0; i < 1000; i++) {
      const k = random.int(7);
      expect(Number.isInteger(k) && k >= 0 && k < 7).toBe(true);
    }
    expect(() => random.int(0)).toThrow(/n must be an integer/);
    expect(() => createXoshiro128Random(Number.NaN)).toThrow(/seed must be/);
  });
});
