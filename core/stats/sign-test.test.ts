import { describe, expect, it } from 'vitest';
import { signTest } from './sign-test.ts';

/** |actual − expected| ≤ 1e-12 · expected. */
const expectClose = (actual: number | null, expected: number) => expect(Math.abs(actual! - expected)).toBeLessThanOrEqual(1e-12 * expected);

/** `n` differences: `positive` of +1, `negative` of −0.5, `ties` of 0. */
const differences = (positive: number, negative: number, ties = 0) => [...Array<number>(positive).fill(1), ...Array<number>(negative).fill(-0.5), ...Array<number>(ties).fill(0)];

describe('signTest', () => {
  // scipy 1.17.1: binomtest(positive, positive + negative, 0.5).pvalue (two-sided).
  const SCIPY: [positive: number, negative: number, pValue: number][] = [
    [9, 3, 0.14599609375],
    [2, 8, 0.109375],
    [0, 6, 0.03125],
    [15, 5, 0.04138946533203125],
    [30, 10, 0.0022214337732293643],
    [1, 0, 1.0],
    [50, 50, 1.0],
    [62, 38, 0.02097873567785172],
  ];

  it.each(SCIPY)('gives SciPy’s exact binomial p for %i better and %i worse pairs', (positive, negative, pValue) => {
    const result = signTest(differences(positive, negative));
    expect([result.positive, result.negative, result.ties]).toEqual([positive, negative, 0]);
    expectClose(result.pValue, pValue);
  });

  it('drops tied pairs before testing, and counts them', () => {
    // 5 better, 1 worse, 2 tied: scipy binomtest(5, 6).pvalue = 0.21875.
    const result = signTest([1, 0, 0.5, 2, 0, 1, 1, -1]);
    expect(result).toMatchObject({ positive: 5, negative: 1, ties: 2 });
    expectClose(result.pValue, 0.21875);
  });

  it('reads the 40 pairs of the paired-bootstrap reference the same way SciPy does (34 better, 6 worse)', () => {
    const result = signTest(differences(34, 6));
    expectClose(result.pValue, 8.364584573428147e-6);
  });

  it('has no p-value when every pair is tied or there is none', () => {
    expect(signTest([0, 0, 0])).toEqual({ positive: 0, negative: 0, ties: 3, pValue: null });
    expect(signTest([])).toEqual({ positive: 0, negative: 0, ties: 0, pValue: null });
  });

  it('names a difference that is not a number', () => {
    expect(() => signTest([1, Number.NaN])).toThrow('differences[1] must be a finite number, got NaN');
  });
});
