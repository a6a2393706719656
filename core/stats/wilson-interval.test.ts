import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './wilson-interval.ts';

// Reference values: SciPy 1.x, binomtest(k, n).proportion_ci(0.95, method='wilson').
const SCIPY: [k: number, n: number, lo: number, hi: number][] = [
  [8, 10, 0.4901624715366418, 0.9433178485456248],
  [6, 6, 0.6096657120978346, 1],
  [2, 6, 0.09677141110578047, 0.700006684861608],
  [0, 5, 0, 0.43448246478317476],
  [37, 60, 0.49017595824099924, 0.7291172762591798],
  [1, 1, 0.20654931437723745, 1],
];

describe('the Wilson score interval', () => {
  it.each(SCIPY)('%i of %i matches SciPy', (k, n, lo, hi) => {
    const interval = wilsonInterval(k, n);
    expect(interval.lo).toBeCloseTo(lo, 12);
    expect(interval.hi).toBeCloseTo(hi, 12);
  });

  it('refuses counts that are not counts, naming the argument', () => {
    expect(() => wilsonInterval(1, 0)).toThrow(/^n must be a positive integer/);
    expect(() => wilsonInterval(3, 2)).toThrow(/^k must be an integer from 0 to n \(2\)/);
    expect(() => wilsonInterval(0.5, 2)).toThrow(/^k must be/);
  });
});
