import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cohensKappa, type KappaWeights } from './cohens-kappa.ts';
import { landisKochBand, meanPairwiseKappa } from './mean-pairwise-kappa.ts';

function expectRelativelyClose(actual: number | null, expected: number, tolerance = 1e-9): void {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(tolerance * Math.abs(expected));
}

/** Four judges scoring twelve items on a 1–5 scale. */
const JUDGES = [
  [1, 2, 3, 3, 4, 5, 2, 1, 4, 5, 3, 2],
  [1, 2, 3, 4, 4, 5, 2, 2, 4, 4, 3, 1],
  [2, 2, 3, 3, 5, 5, 1, 1, 4, 5, 2, 2],
  [1, 3, 3, 3, 4, 4, 2, 1, 5, 5, 3, 3],
];

// NumPy transcription of sklearn's cohen_kappa_score (labels 1–5) over the six pairs, then
// numpy.mean; judge means and numpy.var (population variance, ddof = 0). Run by hand:
// python3 -c "import numpy as np, itertools; …"
describe('meanPairwiseKappa: NumPy references', () => {
  it.each([
    ['none', 0.3980804286664737, [0.5826086956521739, 0.5789473684210527, 0.5789473684210527, 0.17948717948717952, 0.28205128205128205, 0.18644067796610175], 'fair'],
    ['linear', 0.6669246916819732, [0.7714285714285715, 0.7857142857142857, 0.7714285714285715, 0.5675675675675675, 0.5339805825242718, 0.5714285714285714], 'substantial'],
    ['quadratic', 0.8478455809408656, [0.899581589958159, 0.9127272727272727, 0.9004149377593361, 0.8174904942965779, 0.7379912663755459, 0.8188679245283019], 'almost perfect'],
  ] as const)('%s weights: mean κ, each pair in order, and the Landis–Koch band', (weights, mean, pairKappas, band) => {
    const result = meanPairwiseKappa(JUDGES, { weights: weights as KappaWeights, labels: [1, 2, 3, 4, 5] });
    expectRelativelyClose(result.meanKappa, mean);
    expect(result.pairs.map((p) => p.judges)).toEqual([[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]);
    result.pairs.forEach((pair, k) => expectRelativelyClose(pair.kappa, pairKappas[k]!));
    expect(result.band).toBe(band);
    expect(result.excludedPairs).toBe(0);
  });

  it('reports the population variance of the judges’ mean scores', () => {
    const result = meanPairwiseKappa(JUDGES);
    expect(result.judgeMeans).toEqual([35 / 12, 35 / 12, 35 / 12, 37 / 12]);
    expectRelativelyClose(result.judgeMeanVariance, 0.005208333333333351, 1e-12);
  });
});

describe('meanPairwiseKappa: undefined pairs', () => {
  it('reports a pair whose κ is undefined and leaves it out of the mean', () => {
    const result = meanPairwiseKappa([['pass', 'pass', 'pass'], ['pass', 'pass', 'pass'], ['pass', 'fail', 'pass']]);
    expect(result.pairs[0]).toMatchObject({ judges: [0, 1], kappa: null, reason: expect.stringMatching(/expected agreement is 1/) });
    expect(result.excludedPairs).toBe(1);
    expect(result.meanKappa).toBe(0); // the two defined pairs both have κ = 0
    expect(result.judgeMeans).toBeNull();
    expect(result.judgeMeanVariance).toBeNull();
  });

  it('is null with no band when no pair is defined', () => {
    expect(meanPairwiseKappa([[3, 3], [3, 3]])).toMatchObject({ meanKappa: null, band: null, excludedPairs: 1 });
  });
});

describe('meanPairwiseKappa: properties', () => {
  it('is symmetric in its raters: reversing or swapping judges changes nothing but the pair indices', () => {
    const ratings = fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 6, maxLength: 6 });
    fc.assert(
      fc.property(ratings, ratings, ratings, fc.constantFrom<KappaWeights>('none', 'linear', 'quadratic'), (a, b, c, weights) => {
        const options = { weights, labels: [1, 2, 3, 4] };
        expect(cohensKappa(a, b, options)).toEqual(cohensKappa(b, a, options));
        const forward = meanPairwiseKappa([a, b, c], options);
        const backward = meanPairwiseKappa([c, b, a], options);
        if (forward.meanKappa === null) expect(backward.meanKappa).toBeNull();
        else expect(backward.meanKappa).toBeCloseTo(forward.meanKappa, 12);
        expect(backward.judgeMeanVariance).toBeCloseTo(forward.judgeMeanVariance!, 12);
      }),
    );
  });
});

describe('landisKochBand', () => {
  it.each([
    [-0.1, 'poor'],
    [0, 'slight'],
    [0.2, 'slight'],
    [0.21, 'fair'],
    [0.4, 'fair'],
    [0.41, 'moderate'],
    [0.6, 'moderate'],
    [0.61, 'substantial'],
    [0.8, 'substantial'],
    [0.81, 'almost perfect'],
    [1, 'almost perfect'],
  ] as const)('κ = %d is %s', (kappa, band) => {
    expect(landisKochBand(kappa)).toBe(band);
  });
});

describe('meanPairwiseKappa: validation', () => {
  it('names the field it rejects', () => {
    expect(() => meanPairwiseKappa([[1, 2]])).toThrow('judges: need at least two judges, got 1');
    expect(() => meanPairwiseKappa([[1, 2], [1, 2, 3]])).toThrow('judges[0] and judges[1] differ in length (2 vs 3)');
    expect(() => meanPairwiseKappa([[1, 2], [1, 7]], { labels: [1, 2] })).toThrow('judges[0] vs judges[1]: labels must include every rating');
    expect(() => landisKochBand(2)).toThrow('kappa must be in [-1, 1]');
  });
});
