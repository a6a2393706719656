import { describe, expect, it } from 'vitest';
import { binomialTest, type BinomialAlternative } from './binomial-test.ts';

/** |actual − expected| ≤ 1e-9 · |expected| (exact match when the reference is 0). */
function expectRelativelyClose(actual: number, expected: number, tolerance = 1e-9): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(tolerance * Math.abs(expected));
}

describe('binomialTest: documented examples', () => {
  it('reproduces the SciPy binomtest docstring example (3 of 15, p = 0.1, greater)', () => {
    expectRelativelyClose(binomialTest(3, 15, 0.1, 'greater'), 0.18406106910639114);
  });

  it("reproduces R's binom.test example (682 of 925, p = 0.75, two-sided → 0.3825)", () => {
    const pvalue = binomialTest(682, 925, 0.75);
    expect(pvalue.toFixed(4)).toBe('0.3825');
    expectRelativelyClose(pvalue, 0.3824915595748517);
  });
});

// Produced with scipy 1.17.1: binomtest(k, n, p, alternative=...).pvalue (exact: Boost's
// incomplete beta for the tails). Large-n point probabilities were cross-checked against
// 40-digit mpmath.
const SCIPY_REFERENCES: [k: number, n: number, p: number, alternative: BinomialAlternative, pvalue: number][] = [
  [682, 925, 0.75, 'less', 0.19600926705388308],
  [682, 925, 0.75, 'greater', 0.8240891223524226],
  [0, 10, 0.3, 'two-sided', 0.0388396033],
  [0, 10, 0.3, 'greater', 1.0],
  [0, 10, 0.3, 'less', 0.028247524900000005],
  [10, 10, 0.3, 'two-sided', 5.9048999999999975e-6],
  [10, 10, 0.3, 'greater', 5.9048999999999975e-6],
  [10, 10, 0.3, 'less', 1.0],
  [0, 10, 0.0, 'two-sided', 1.0],
  [3, 10, 0.0, 'two-sided', 0.0],
  [3, 10, 0.0, 'greater', 0.0],
  [3, 10, 0.0, 'less', 1.0],
  [10, 10, 1.0, 'two-sided', 1.0],
  [3, 10, 1.0, 'two-sided', 0.0],
  [3, 10, 1.0, 'less', 0.0],
  [3, 10, 1.0, 'greater', 1.0],
  [5, 10, 0.5, 'two-sided', 1.0],
  [2, 10, 0.5, 'two-sided', 0.109375],
  [7, 20, 0.5, 'two-sided', 0.26317596435546875],
  [1, 3, 1 / 3, 'two-sided', 1.0],
  [10, 100, 0.3, 'two-sided', 2.906714792270108e-6],
  [45, 100, 0.3, 'two-sided', 0.001490745606629159],
  [17, 50, 0.25, 'two-sided', 0.14356317127542956],
  [17, 50, 0.25, 'less', 0.9448766396662941],
  [17, 50, 0.25, 'greater', 0.09830732478526512],
  [500800, 1000000, 0.5, 'two-sided', 0.1098205565061435],
  [501500, 1000000, 0.5, 'two-sided', 0.002708655306059374],
  [497000, 1000000, 0.5, 'two-sided', 1.98514976392289e-9],
  [499000, 1000000, 0.5, 'less', 0.0228041499326948],
  [503000, 1000000, 0.5, 'greater', 9.92574881961445e-10],
  [100, 1000000, 1e-4, 'two-sided', 1.0],
  [120, 1000000, 1e-4, 'two-sided', 0.0508680333611638],
  [80, 1000000, 1e-4, 'two-sided', 0.04530774706790802],
  [300500, 1000000, 0.3, 'two-sided', 0.27523364442422116],
];

describe('binomialTest: SciPy references', () => {
  it.each(SCIPY_REFERENCES)('k=%d n=%d p=%d %s → %d', (k, n, p, alternative, pvalue) => {
    expectRelativelyClose(binomialTest(k, n, p, alternative), pvalue);
  });

  it('defaults to p = 0.5, two-sided', () => {
    expect(binomialTest(2, 10)).toBe(binomialTest(2, 10, 0.5, 'two-sided'));
  });

  // Speed is for benchmarks, not tests; here, only that large n gives sane, symmetric answers.
  it('gives symmetric p-values in (0, 1] for a million trials', () => {
    for (let k = 498000; k < 502000; k += 100) {
      const pvalue = binomialTest(k, 1_000_000, 0.5);
      expect(pvalue).toBeGreaterThan(0);
      expect(pvalue).toBeLessThanOrEqual(1);
      expectRelativelyClose(binomialTest(1_000_000 - k, 1_000_000, 0.5), pvalue);
    }
  });
});

describe('binomialTest: input validation', () => {
  it.each([
    [[1.5, 10, 0.5], /^k /],
    [[-1, 10, 0.5], /^k /],
    [[11, 10, 0.5], /^k /],
    [[1, 0, 0.5], /^n /],
    [[1, 2.5, 0.5], /^n /],
    [[1, Number.NaN, 0.5], /^n /],
    [[1, 10, -0.1], /^p /],
    [[1, 10, 1.1], /^p /],
    [[1, 10, Number.NaN], /^p /],
  ] as const)('rejects %j naming the argument', ([k, n, p], message) => {
    expect(() => binomialTest(k, n, p)).toThrow(RangeError);
    expect(() => binomialTest(k, n, p)).toThrow(message);
  });

  it('rejects an unknown alternative naming the argument', () => {
    expect(() => binomialTest(1, 10, 0.5, 'both' as BinomialAlternative)).toThrow(/^alternative /);
  });
});
