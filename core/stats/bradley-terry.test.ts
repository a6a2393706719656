import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRADLEY_TERRY_RIDGE, fitBradleyTerry } from './bradley-terry.ts';
import { expandComparisons, FIVE_SYSTEMS } from './comparisons.fixture.ts';
import type { ComparisonWinner, PairwiseComparison } from './pairwise-comparison.ts';
import { createXoshiro128Random } from '../random/xoshiro128-random.ts';

function expectRatingsClose(actual: Record<string, number>, expected: Record<string, number>, elo: number): void {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const [name, rating] of Object.entries(expected)) expect(Math.abs(actual[name]! - rating)).toBeLessThan(elo);
}

// References: SciPy 1.17.1 L-BFGS-B on the same log-likelihood (ties as half wins, θ centred,
// Elo = 1000 + 400·θ/ln 10), gtol 1e-13, ftol 1e-16, the votes passed as JSON:
//   W[i, j] = wins of i over j (+ ½ per tie); f(θ) = −Σ W·log σ(θ_i − θ_j) + (λ/2)·θᵀθ
//   minimize(f, zeros(n), jac=True, method='L-BFGS-B', ...)
// P-values: numpy, Wald z from the pseudo-inverse of the Laplacian with weights N·p·(1 − p) at
// those ratings, 2·norm.sf(|z|).
describe('fitBradleyTerry: SciPy references', () => {
  it('matches the L-BFGS maximum-likelihood ratings to well under 0.01 Elo', () => {
    const result = fitBradleyTerry(FIVE_SYSTEMS);
    expect(result.systems).toEqual(['alpha', 'beta', 'delta', 'epsilon', 'gamma']);
    expectRatingsClose(
      result.ratings,
      { alpha: 1114.5510110687349, beta: 1000.2549103017556, delta: 895.4995018158963, epsilon: 865.5530519229424, gamma: 1124.141524890671 },
      1e-4,
    );
    expect(Object.values(result.ratings).reduce((a, b) => a + b, 0) / 5).toBeCloseTo(1000, 9);
    expect(result.flags).toEqual([]);
    expect(result.ridge).toBe(0);
    expect(result.comparisons).toBe(FIVE_SYSTEMS.length);
    expect(result.cells).toBe(23);
  });

  it('gives Wald p-values from the observed information', () => {
    const { pValues } = fitBradleyTerry(FIVE_SYSTEMS);
    const expected = { beta: 0.040121672945667736, delta: 0.00011144785782530404, epsilon: 0.0007975448156314943, gamma: 0.865067657222792 };
    for (const [name, p] of Object.entries(expected)) {
      expect(Math.abs(pValues.alpha![name]! - p)).toBeLessThan(1e-6 * p);
      expect(pValues[name]!.alpha).toBe(pValues.alpha![name]);
    }
    expect(pValues.alpha!.alpha).toBe(1);
  });

  it('adds the documented ridge and flags the system when one never lost (SciPy with the same λ = 0.01)', () => {
    const result = fitBradleyTerry(expandComparisons([['alpha', 'beta', 5, 0, 0], ['alpha', 'gamma', 4, 0, 0], ['beta', 'gamma', 3, 2, 1]]));
    expect(result.ridge).toBe(BRADLEY_TERRY_RIDGE);
    expect(result.flags).toEqual([expect.objectContaining({ code: 'no-losses', systems: ['alpha'] })]);
    expectRatingsClose(result.ratings, { alpha: 1639.9768778410485, beta: 708.8422420421256, gamma: 651.1808801168261 }, 1e-4);
  });
});

describe('fitBradleyTerry: where the plain MLE does not exist', () => {
  it('names a system that never won', () => {
    const result = fitBradleyTerry(expandComparisons([['a', 'b', 3, 2, 0], ['b', 'c', 4, 0, 0], ['a', 'c', 2, 0, 0]]));
    expect(result.flags.map((f) => [f.code, f.systems])).toEqual([['no-wins', ['c']]]);
    expect(result.ratings.c).toBeLessThan(result.ratings.b!);
    expect(Object.values(result.ratings).every(Number.isFinite)).toBe(true);
  });

  it('names unconnected groups', () => {
    const result = fitBradleyTerry(expandComparisons([['a', 'b', 3, 2, 1], ['c', 'd', 1, 4, 0]]));
    expect(result.flags.map((f) => [f.code, f.systems])).toEqual([['disconnected', ['c', 'd']]]);
    expect(result.flags[0]!.message).toContain('a, b | c, d');
  });

  it('names a group that never lost to the others, when every system has wins and losses', () => {
    const result = fitBradleyTerry(expandComparisons([['a', 'b', 2, 1, 0], ['c', 'd', 2, 2, 0], ['a', 'c', 3, 0, 0], ['b', 'd', 1, 0, 0]]));
    expect(result.flags.map((f) => [f.code, f.systems])).toEqual([['separated', ['a', 'b']]]);
    expect(Math.min(result.ratings.a!, result.ratings.b!)).toBeGreaterThan(Math.max(result.ratings.c!, result.ratings.d!));
  });

  it('counts a tie as contact both ways: one tie is enough for the MLE to exist', () => {
    const result = fitBradleyTerry(expandComparisons([['a', 'b', 3, 0, 1]]));
    expect(result.flags).toEqual([]);
    // 3.5 of 4 for a: 400·log10(3.5/0.5) Elo apart.
    expect(result.ratings.a! - result.ratings.b!).toBeCloseTo(400 * Math.log10(7), 6);
  });
});

const flip = (comparison: PairwiseComparison): PairwiseComparison => ({
  a: comparison.b,
  b: comparison.a,
  winner: ({ a: 'b', b: 'a', tie: 'tie' } as const)[comparison.winner],
});

describe('fitBradleyTerry: properties', () => {
  const comparisonArbitrary = fc.record({
    a: fc.constantFrom('s1', 's2', 's3', 's4'),
    b: fc.constantFrom('s1', 's2', 's3', 's4'),
    winner: fc.constantFrom<ComparisonWinner>('a', 'b', 'tie'),
  }).filter((c) => c.a !== c.b);

  it('does not depend on the order the comparisons are listed in, nor on which side is "a"', () => {
    fc.assert(
      fc.property(fc.array(comparisonArbitrary, { minLength: 1, maxLength: 40 }), fc.integer(), (comparisons, seed) => {
        const shuffled = fc.sample(fc.shuffledSubarray(comparisons, { minLength: comparisons.length, maxLength: comparisons.length }), { numRuns: 1, seed })[0]!;
        const relisted = shuffled.map((c, i) => (i % 2 === 0 ? flip(c) : c));
        expect(fitBradleyTerry(relisted, { bootstrap: 20, seed: 5 })).toEqual(fitBradleyTerry(comparisons, { bootstrap: 20, seed: 5 }));
      }),
      { numRuns: 60 },
    );
  });

  it('gives identical intervals for the same seed, and others for another seed', () => {
    const first = fitBradleyTerry(FIVE_SYSTEMS, { bootstrap: 200, seed: 'same' });
    expect(fitBradleyTerry(FIVE_SYSTEMS, { bootstrap: 200, seed: 'same' }).ci).toEqual(first.ci);
    expect(fitBradleyTerry(FIVE_SYSTEMS, { bootstrap: 200, seed: 'other' }).ci).not.toEqual(first.ci);
    for (const name of first.systems) {
      const [lo, hi] = first.ci![name]!;
      expect(lo).toBeLessThan(first.ratings[name]!);
      expect(hi).toBeGreaterThan(first.ratings[name]!);
    }
  });

  it('narrows its intervals about twofold when every vote is seen four times as often', () => {
    const once = fitBradleyTerry(FIVE_SYSTEMS, { bootstrap: 400, seed: 1 });
    const fourfold = fitBradleyTerry([...FIVE_SYSTEMS, ...FIVE_SYSTEMS, ...FIVE_SYSTEMS, ...FIVE_SYSTEMS], { bootstrap: 400, seed: 1 });
    for (const name of once.systems) {
      const width = once.ci![name]![1] - once.ci![name]![0];
      const narrower = fourfold.ci![name]![1] - fourfold.ci![name]![0];
      expect(narrower / width).toBeGreaterThan(0.35);
      expect(narrower / width).toBeLessThan(0.65);
      expect(fourfold.ratings[name]).toBeCloseTo(once.ratings[name]!, 6);
    }
  });

  it('flags bootstrap resamples that needed the ridge', () => {
    const result = fitBradleyTerry(expandComparisons([['a', 'b', 6, 1, 0], ['b', 'c', 6, 1, 0]]), { bootstrap: 200, seed: 2 });
    expect(result.ridge).toBe(0);
    expect(result.flags.map((f) => f.code)).toEqual(['ridge-in-bootstrap']);
  });
});

describe('fitBradleyTerry: validation', () => {
  it('names the field it rejects', () => {
    expect(() => fitBradleyTerry([])).toThrow('comparisons must hold at least one comparison');
    expect(() => fitBradleyTerry([{ a: 'x', b: 'x', winner: 'a' }])).toThrow('comparisons[0]: a and b are both "x"');
    expect(() => fitBradleyTerry([{ a: 'x', b: 'y', winner: 'left' as ComparisonWinner }])).toThrow('comparisons[0].winner must be "a", "b" or "tie"');
    expect(() => fitBradleyTerry([{ a: '', b: 'y', winner: 'a' }])).toThrow('comparisons[0].a must be a non-empty system name');
    expect(() => fitBradleyTerry(FIVE_SYSTEMS, { bootstrap: -1 })).toThrow('bootstrap must be a whole number');
    expect(() => fitBradleyTerry(FIVE_SYSTEMS, { confidence: 1 })).toThrow('confidence must be between 0 and 1');
  });
});

// Published intervals must not move when the bootstrap is made faster: these are the intervals
// of the Poisson-weighted bootstrap (issue 41), to 1e-9 Elo. Not to the last bit: the refit's
// arithmetic (one exp per system, not per pair) moves the last bits, while any change in the
// draws moves an end by a visible fraction of an Elo point. Before it, cells were re-weighted
// by one multinomial draw per round; its intervals (`MULTINOMIAL_30K`) are kept to show the two
// bootstraps agree to within their Monte-Carlo error. Coverage: bradley-terry-coverage.test.ts.
const MULTINOMIAL_30K: Record<string, [number, number]> = {
  s0: [938.8339102654086, 950.633778220915],
  s1: [962.3467269087662, 974.5347656731751],
  s2: [973.1952099523775, 985.1243974462308],
  s3: [986.1365658977924, 997.2492016872993],
  s4: [1002.2892890499471, 1015.2030882891714],
  s5: [1016.6233479570511, 1028.060505303093],
  s6: [1029.7331319262232, 1042.428270087052],
  s7: [1041.1135861384168, 1053.5771001669907],
};

const PINNED_ELO = 1e-9;

function expectIntervalsClose(actual: Record<string, [number, number]> | undefined, expected: Record<string, [number, number]>): void {
  expect(Object.keys(actual ?? {}).sort()).toEqual(Object.keys(expected).sort());
  for (const [system, [lo, hi]] of Object.entries(expected)) {
    expect(Math.abs(actual![system]![0] - lo)).toBeLessThan(PINNED_ELO);
    expect(Math.abs(actual![system]![1] - hi)).toBeLessThan(PINNED_ELO);
  }
}

describe('fitBradleyTerry: the bootstrap draws what it always drew', () => {
  it('keeps every interval of a seed, number for number, for small counts and ridge resamples', () => {
    expectIntervalsClose(fitBradleyTerry(FIVE_SYSTEMS, { bootstrap: 300, seed: 'pinned' }).ci, {
      alpha: [1050.14514583911, 1181.5167629367604],
      beta: [924.6667930176204, 1073.9067012037485],
      delta: [818.2483117937503, 947.785961717056],
      epsilon: [746.8211429278797, 944.6509113535766],
      gamma: [1053.8258229290182, 1211.0062215106452],
    });
    const ridge = fitBradleyTerry(expandComparisons([['a', 'b', 6, 1, 0], ['b', 'c', 6, 1, 0]]), { bootstrap: 200, seed: 2 });
    expectIntervalsClose(ridge.ci, { a: [1096.762655316677, 1865.7708975049281], b: [749.8953563887403, 1267.8103593804879], c: [144.83947123259372, 894.6097076703885] });
    expect(ridge.flags.map((f) => f.message)).toEqual(['122 of 200 bootstrap resamples had no finite MLE and were fitted with the ridge; the intervals are wide for a reason']);
  });

  it('keeps every interval of a seed for 30,000 votes (hundreds per cell), within Monte-Carlo error of the multinomial bootstrap', () => {
    const random = createXoshiro128Random('pinned-votes');
    const votes: PairwiseComparison[] = Array.from({ length: 30_000 }, () => {
      const i = random.int(8);
      const j = (i + 1 + random.int(7)) % 8;
      const u = random.next();
      const winner: ComparisonWinner = u < 0.2 ? 'tie' : u < 0.6 + 0.02 * (i - j) ? 'a' : 'b';
      return { a: `s${i}`, b: `s${j}`, winner };
    });
    const result = fitBradleyTerry(votes, { bootstrap: 300, seed: 9 });
    expect(result.cells).toBe(84);
    expectIntervalsClose(result.ci, {
      s0: [938.1481560140322, 950.6201878972361],
      s1: [962.5303794179256, 976.182037049679],
      s2: [973.1392694699271, 985.9907084897886],
      s3: [984.2849991559711, 997.4417268507685],
      s4: [1002.11720395522, 1015.2919868350273],
      s5: [1015.6560914745025, 1027.8910233926915],
      s6: [1030.6302354135437, 1043.5388730518634],
      s7: [1041.2741775452082, 1054.2640286351468],
    });
    // A 2.5 % percentile of 300 rounds has a standard error of about 0.15 σ (≈ 0.5 Elo here), so two
    // independent bootstraps' ends differ by under 2.5 Elo.
    for (const [system, [lo, hi]] of Object.entries(result.ci!)) {
      const [mlo, mhi] = MULTINOMIAL_30K[system]!;
      expect(Math.abs(lo - mlo)).toBeLessThan(2.5);
      expect(Math.abs(hi - mhi)).toBeLessThan(2.5);
    }
    // With 4,000 rounds the multinomial bootstrap's mean interval width was 12.402, 12.436 and
    // 12.426 Elo for seeds 1, 2 and 3: the Poisson one's is the same to within 2 %.
    const long = fitBradleyTerry(votes, { bootstrap: 4_000, seed: 1 }).ci!;
    const meanWidth = Object.values(long).reduce((sum, [lo, hi]) => sum + (hi - lo), 0) / 8;
    expect(Math.abs(meanWidth / 12.421 - 1)).toBeLessThan(0.02);
  });
});
