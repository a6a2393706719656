import { describe, expect, it } from 'vitest';
import { sortedPercentile } from './percentile.ts';

// References: numpy.percentile (default "linear", Hyndman & Fan type 7), NumPy 2 run by hand:
//   python3 -c "import numpy as np; a=sorted([3.1,0.2,7.5,4.4,4.4,9.9,-1.5,2.0,6.3]); print(np.percentile(a, 2.5))"
const VALUES = [3.1, 0.2, 7.5, 4.4, 4.4, 9.9, -1.5, 2.0, 6.3].sort((a, b) => a - b);
const NUMPY: [number, number][] = [
  [0, -1.5],
  [0.025, -1.16],
  [0.1, -0.1399999999999999],
  [0.5, 4.4],
  [0.9, 7.98],
  [0.975, 9.42],
  [1, 9.9],
];

describe('sortedPercentile (the rule behind every bootstrap interval)', () => {
  it.each(NUMPY)('q = %s equals numpy.percentile to 1e-9 relative', (q, expected) => {
    const got = sortedPercentile(VALUES, q);
    expect(Math.abs(got - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
  });

  it('interpolates between ranks as NumPy does for the 95% interval ends of 1..10', () => {
    const oneToTen = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(sortedPercentile(oneToTen, 0.025)).toBeCloseTo(1.225, 12);
    expect(sortedPercentile(oneToTen, 0.975)).toBeCloseTo(9.775, 12);
  });

  it('refuses an empty array and q outside [0, 1], naming them', () => {
    expect(() => sortedPercentile([], 0.5)).toThrow(/sorted must hold at least one value/);
    expect(() => sortedPercentile([1], 1.5)).toThrow(/q must be in \[0, 1\]/);
  });
});
