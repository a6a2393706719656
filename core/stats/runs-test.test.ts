import { describe, expect, it } from 'vitest';
import { runsTest } from './runs-test.ts';

const bits = (text: string) => [...text].map((c) => c === '1');

// Computed by hand with numpy 2.4.6 and scipy 1.17.1 (python3 -c …): runs counted with
// np.count_nonzero(x[1:] != x[:-1]) + 1, mean 2·n1·n2/n + 1, variance
// 2·n1·n2·(2·n1·n2 − n)/(n²(n − 1)), p = 2·scipy.stats.norm.sf(|z|). The random sequences come
// from np.random.default_rng(20250101).
const SCIPY_REFERENCES: [name: string, sequence: string, n1: number, n2: number, runs: number, expectedRuns: number, z: number, pValue: number][] = [
  ['short', '11010001101111000101', 11, 9, 11, 10.9, 0.04643700480029226, 0.9629619427475328],
  ['alternating', '10'.repeat(50), 50, 50, 100, 51, 9.849873095629203, 6.863057628652966e-23],
  ['two blocks', `${'1'.repeat(50)}${'0'.repeat(50)}`, 50, 50, 2, 51, -9.849873095629203, 6.863057628652966e-23],
  [
    'random, n = 200',
    '10101101100010000000000010110100110000100111101000100011111011101101111111101111001100101001010011010101010000100110101000000111110111011010001111000101011111100000011101101101001000011111100111101010',
    103, 97, 98, 100.91, -0.4129476003639039, 0.6796450051812921,
  ],
  ['unequal kinds', '000100010100000000000000011001010000100110000011000000110100', 15, 45, 23, 23.5, -0.1746165973564696, 0.8613809061525945],
  [
    'random values repeated three times each',
    '111000000111000111000111000000111000111111111111000111000000111111111000000000000111111000111111111111000000000111111000',
    63, 57, 22, 60.85, -7.141002627512255, 9.26525805297718e-13,
  ],
];

describe('runsTest', () => {
  it.each(SCIPY_REFERENCES)('reproduces numpy/scipy for %s', (_name, sequence, n1, n2, runs, expectedRuns, z, pValue) => {
    const result = runsTest(bits(sequence));
    expect(result).toMatchObject({ n1, n2, runs });
    expect(result.expectedRuns).toBeCloseTo(expectedRuns, 12);
    expect(Math.abs(result.z - z)).toBeLessThanOrEqual(1e-12 * Math.abs(z));
    expect(Math.abs(result.pValue - pValue)).toBeLessThanOrEqual(1e-10 * pValue);
  });

  it('tells alternation (too many runs, z > 0) from clustering (too few, z < 0)', () => {
    expect(runsTest(bits('10'.repeat(30))).z).toBeGreaterThan(0);
    expect(runsTest(bits(`${'1'.repeat(30)}${'0'.repeat(30)}`)).z).toBeLessThan(0);
  });

  it('refuses a sequence without both kinds, naming why', () => {
    expect(() => runsTest(bits('1111'))).toThrow(/needs both kinds/);
    expect(() => runsTest([])).toThrow(RangeError);
  });
});
