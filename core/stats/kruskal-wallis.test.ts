import { describe, expect, it } from 'vitest';
import { kruskalWallis, type KruskalWallisResult } from './kruskal-wallis.ts';

function expectRelativelyClose(actual: number, expected: number, tolerance = 1e-9): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(tolerance * Math.abs(expected));
}

function defined(result: KruskalWallisResult): { h: number; pvalue: number } {
  if (result.h === null) throw new Error(`expected H, got null: ${result.reason}`);
  return result;
}

describe('kruskalWallis: documented examples', () => {
  // SciPy's scipy.stats.kruskal docstring and R's kruskal.test help page use the same
  // Hollander & Wolfe (1973, p. 116) lung-function data: R prints chi-squared = 0.77143,
  // df = 2, p-value = 0.68. Full precision from scipy 1.17.1:
  // python3 -c "from scipy.stats import kruskal; print(kruskal([2.9,3.0,2.5,2.6,3.2],[3.8,2.7,4.0,2.4],[2.8,3.4,3.7,2.2,2.0]))"
  it('reproduces the Hollander & Wolfe example (SciPy docstring, R kruskal.test)', () => {
    const result = kruskalWallis([[2.9, 3.0, 2.5, 2.6, 3.2], [3.8, 2.7, 4.0, 2.4], [2.8, 3.4, 3.7, 2.2, 2.0]]);
    const { h, pvalue } = defined(result);
    expect(result.df).toBe(2);
    expect(h.toFixed(5)).toBe('0.77143');
    expectRelativelyClose(h, 0.7714285714285722);
    expectRelativelyClose(pvalue, 0.6799647735788936);
  });
});

// scipy 1.17.1, groups drawn by hand with numpy.random.default_rng(5) (normal, rounded so some
// tie) and pasted here: python3 -c "from scipy.stats import kruskal; r = kruskal(*groups); print(repr(r.statistic), repr(r.pvalue))"
const SCIPY_REFERENCES: [groups: number[][], h: number, pvalue: number][] = [
  [[[-1.324, -0.248, 0.42, 1.136, 0.11, -0.553, -0.785, 0.749, 1.635], [0.273, -1.233, -0.958, 1.6, 0.203, -1.732, -0.084, -1.163, -0.629, -0.488]], 1.5, 0.22067136191984324],
  [
    [[0.6, -0.1, -0.6, 0.4, 0.8, -1.6, -0.3, -1.0, -0.2, -1.3, 0.0], [0.3, -0.0, -0.7, -0.1, -0.8, -1.1, 0.5, -0.8], [1.3, -1.4, 0.9, -0.5, 0.6, 0.6, -1.4, 0.4]],
    1.474062247822582,
    0.4785325123935964,
  ],
  [
    [[-0.256, 0.962, -1.181, 0.738, -1.099, -0.331, -0.84], [1.168, 3.032, 1.242, 1.445, 1.441], [0.593, 1.13, 2.55, 0.803, 1.389, 1.179, 1.809, 0.835], [2.042, 1.903, 0.935, 2.696]],
    13.85742857142857,
    0.0031057821305340563,
  ],
  [
    [[-1.3, -1.2, -1.3, 1.0, -0.4, -1.0], [1.3, -0.2, -0.4, 1.5, -0.3, 0.6, 0.9], [1.4, 1.7, 3.1, 1.3, 0.5, -0.0, 1.6, 1.4, 2.1, 1.3], [2.0, 2.2, 2.9, 2.3, 2.8, 4.6], [4.1, 2.0, 5.3]],
    23.556537130270623,
    9.800200646207061e-5,
  ],
  // Heavy ties: kruskal([1,1,2],[2,3,3,3],[5,5])
  [[[1, 1, 2], [2, 3, 3, 3], [5, 5]], 6.958702064896762, 0.030827410531671727],
  // Fully separated groups, a p-value far in the tail: kruskal(range(1,31), range(31,61), range(61,91))
  [[Array.from({ length: 30 }, (_, i) => i + 1), Array.from({ length: 30 }, (_, i) => i + 31), Array.from({ length: 30 }, (_, i) => i + 61)], 79.12087912087912, 6.593551417550709e-18],
];

describe('kruskalWallis: SciPy references', () => {
  it.each(SCIPY_REFERENCES.map((row, i) => [i, ...row] as const))('case %i matches scipy.stats.kruskal to 1e-9', (_i, groups, h, pvalue) => {
    const result = defined(kruskalWallis(groups));
    expectRelativelyClose(result.h, h);
    expectRelativelyClose(result.pvalue, pvalue);
  });

  it('does not depend on the order of the groups or of the values in them', () => {
    const [groups] = SCIPY_REFERENCES[3]!;
    const shuffled = [...groups].reverse().map((g) => [...g].reverse());
    expectRelativelyClose(defined(kruskalWallis(shuffled)).h, 23.556537130270623);
  });
});

describe('kruskalWallis: edge cases and validation', () => {
  it('returns nulls with a reason when every value is the same', () => {
    expect(kruskalWallis([[3, 3], [3, 3, 3]])).toMatchObject({ h: null, pvalue: null, df: 1, reason: expect.stringMatching(/every value is the same/) });
  });

  it('names the field it rejects', () => {
    expect(() => kruskalWallis([[1, 2, 3]])).toThrow('groups: need at least two groups');
    expect(() => kruskalWallis([[1, 2], []])).toThrow('groups[1] must hold at least one value');
    expect(() => kruskalWallis([[1, 2], [3, Number.NaN]])).toThrow('groups[1][1] must be a finite number');
  });
});
