import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cohensKappa, type KappaResult, type KappaWeights } from './cohens-kappa.ts';

const repeat = <T>(...runs: [value: T, times: number][]): T[] => runs.flatMap(([value, times]) => new Array<T>(times).fill(value));

function kappaOf(result: KappaResult): number {
  if (result.kappa === null) throw new Error(`expected a kappa, got null: ${result.reason}`);
  return result.kappa;
}

function expectRelativelyClose(actual: number, expected: number, tolerance = 1e-9): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(tolerance * Math.abs(expected));
}

// scikit-learn is not installed here, so the full-precision references come from a NumPy
// transcription of sklearn.metrics.cohen_kappa_score (confusion matrix, expected counts as the
// outer product of the marginals over n, κ = 1 − Σw·C / Σw·E). The sklearn test-suite values
// (test_cohen_kappa, 3–4 decimals) are asserted alongside to tie the two together.
describe('cohensKappa: scikit-learn test-suite examples', () => {
  it('Artstein & Poesio (2008) table 1, binary: 0.348', () => {
    const a = repeat([0, 40], [1, 60]);
    const b = repeat([0, 20], [1, 20], [0, 10], [1, 50]);
    const kappa = kappaOf(cohensKappa(a, b));
    expect(kappa).toBeCloseTo(0.348, 3);
    expectRelativelyClose(kappa, 0.34782608695652173);
    expect(kappaOf(cohensKappa(b, a))).toBe(kappa);
  });

  it('Artstein & Poesio (2008) table 4, three classes: 0.8013', () => {
    const kappa = kappaOf(cohensKappa(repeat([0, 46], [1, 44], [2, 10]), repeat([0, 52], [1, 32], [2, 16])));
    expect(kappa).toBeCloseTo(0.8013, 4);
    expectRelativelyClose(kappa, 0.8013245033112583);
  });

  it.each([
    ['none', 0.9315, 0.9315068493150684],
    ['linear', 0.9412, 0.9411764705882353],
    ['quadratic', 0.9541, 0.9541284403669725],
  ] as const)('weighting example, %s: %d', (weights, rounded, precise) => {
    const kappa = kappaOf(cohensKappa(repeat([0, 46], [1, 44], [2, 10]), repeat([0, 50], [1, 40], [2, 10]), { weights }));
    expect(kappa).toBeCloseTo(rounded, 4);
    expectRelativelyClose(kappa, precise);
  });

  it('the Wikipedia yes/no example: 0.4', () => {
    const a = repeat(['yes', 25], ['no', 25]);
    const b = repeat(['yes', 20], ['no', 5], ['yes', 10], ['no', 15]);
    expectRelativelyClose(kappaOf(cohensKappa(a, b)), 0.4);
  });
});

describe('cohensKappa: explicit labels', () => {
  const a = [1, 2, 2, 4, 4, 5, 1, 2];
  const b = [1, 2, 4, 4, 5, 5, 2, 2];

  it.each([
    ['none', 0.4893617021276596, 0.4893617021276596],
    ['linear', 0.6666666666666667, 0.6923076923076923],
    ['quadratic', 0.8181818181818181, 0.8273381294964028],
  ] as const)('an unused rating category (3 on a 1–5 scale) still counts for %s weights', (weights, inferred, onFullScale) => {
    expectRelativelyClose(kappaOf(cohensKappa(a, b, { weights })), inferred);
    expectRelativelyClose(kappaOf(cohensKappa(a, b, { weights, labels: [1, 2, 3, 4, 5] })), onFullScale);
  });

  it.each([
    ['none', 0.4285714285714286],
    ['linear', 0.5384615384615384],
    ['quadratic', 0.6666666666666667],
  ] as const)('orders string labels as given for %s weights', (weights, expected) => {
    const x = ['low', 'mid', 'high', 'mid', 'low', 'high', 'mid', 'mid'];
    const y = ['low', 'high', 'high', 'mid', 'mid', 'high', 'low', 'mid'];
    expectRelativelyClose(kappaOf(cohensKappa(x, y, { weights, labels: ['low', 'mid', 'high'] })), expected);
  });

  it('sorts numeric labels numerically by default (10 after 9)', () => {
    const x = [9, 10, 10, 2];
    const y = [9, 10, 2, 2];
    expect(cohensKappa(x, y, { weights: 'linear' })).toEqual(cohensKappa(x, y, { weights: 'linear', labels: [2, 9, 10] }));
  });
});

describe('cohensKappa: undefined κ', () => {
  it('returns null with a reason when both raters are constant on the same label', () => {
    const result = cohensKappa([3, 3, 3], [3, 3, 3], { weights: 'quadratic' });
    expect(result.kappa).toBeNull();
    expect(result).toHaveProperty('reason', expect.stringMatching(/expected agreement is 1/));
  });

  it('still answers when both raters are constant on different labels', () => {
    expect(cohensKappa(['x', 'x'], ['y', 'y'])).toEqual({ kappa: 0 });
  });
});

describe('cohensKappa: bad input names the field', () => {
  it.each([
    [() => cohensKappa([], []), /^a /],
    [() => cohensKappa([1, 2], [1]), /^b /],
    [() => cohensKappa([1, 2], [1, 3], { labels: [1, 2] }), /^labels .*b\[1\] = 3/],
    [() => cohensKappa([1, 2], [1, 2], { labels: [1, 2, 2] }), /^labels /],
    [() => cohensKappa([1, Number.NaN], [1, 2]), /^a\[1\] /],
    [() => cohensKappa([1, 2], [1, 2], { weights: 'cubic' as KappaWeights }), /^weights /],
  ])('%#', (run, message) => {
    expect(run).toThrow(RangeError);
    expect(run).toThrow(message);
  });
});

describe('cohensKappa: properties', () => {
  const ratingPairs = fc
    .integer({ min: 1, max: 40 })
    .chain((n) => fc.tuple(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: n, maxLength: n }), fc.array(fc.integer({ min: 1, max: 5 }), { minLength: n, maxLength: n })));
  const weightings = fc.constantFrom<KappaWeights>('none', 'linear', 'quadratic');

  it('is symmetric in its raters', () => {
    fc.assert(
      fc.property(ratingPairs, weightings, ([a, b], weights) => {
        expect(cohensKappa(b, a, { weights })).toEqual(cohensKappa(a, b, { weights }));
      }),
    );
  });

  it('is 1 for identical, non-constant ratings', () => {
    const nonConstant = fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 2, maxLength: 40 }).filter((r) => new Set(r).size > 1);
    fc.assert(
      fc.property(nonConstant, weightings, (ratings, weights) => {
        expect(cohensKappa(ratings, [...ratings], { weights })).toEqual({ kappa: 1 });
      }),
    );
  });
});
