import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ComparisonWinner, PairwiseComparison } from './pairwise-comparison.ts';
import { majorityCycles } from './transitivity.ts';

const votes = (a: string, b: string, winner: ComparisonWinner, times = 1): PairwiseComparison[] => Array.from({ length: times }, () => ({ a, b, winner }));

describe('majorityCycles', () => {
  it('finds the rock–paper–scissors cycle', () => {
    expect(majorityCycles([...votes('rock', 'scissors', 'a', 2), ...votes('scissors', 'paper', 'a'), ...votes('paper', 'rock', 'a', 3)])).toEqual({ triads: 1, cyclic: 1, rate: 1 });
  });

  it('counts a transitive triad as decided but not cyclic, in either listing direction', () => {
    expect(majorityCycles([...votes('a', 'b', 'a'), ...votes('b', 'c', 'a'), ...votes('c', 'a', 'b')])).toEqual({ triads: 1, cyclic: 0, rate: 0 });
  });

  it('skips triads with a tied majority or an uncompared pair, and ignores tie votes in the majority', () => {
    const tiedMajority = [...votes('a', 'b', 'a'), ...votes('a', 'b', 'b'), ...votes('b', 'c', 'a'), ...votes('c', 'a', 'a')];
    expect(majorityCycles(tiedMajority)).toEqual({ triads: 0, cyclic: 0, rate: null });
    expect(majorityCycles([...votes('a', 'b', 'a'), ...votes('b', 'c', 'a')])).toEqual({ triads: 0, cyclic: 0, rate: null });
    const withTies = [...votes('a', 'b', 'a'), ...votes('a', 'b', 'tie', 5), ...votes('b', 'c', 'a'), ...votes('c', 'a', 'a')];
    expect(majorityCycles(withTies)).toEqual({ triads: 1, cyclic: 1, rate: 1 });
  });

  it('counts every decided triad among four systems, one of them cyclic', () => {
    // a>b, b>c, c>a (cycle), d beats everyone: triads abc (cyclic), abd, acd, bcd.
    const comparisons = [...votes('a', 'b', 'a'), ...votes('b', 'c', 'a'), ...votes('c', 'a', 'a'), ...votes('d', 'a', 'a'), ...votes('d', 'b', 'a'), ...votes('d', 'c', 'a')];
    expect(majorityCycles(comparisons)).toEqual({ triads: 4, cyclic: 1, rate: 0.25 });
  });

  it('never finds a cycle when votes follow a fixed order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })), { minLength: 1, maxLength: 50 }), (pairs) => {
        const comparisons = pairs.filter(([x, y]) => x !== y).map(([x, y]) => ({ a: `s${x}`, b: `s${y}`, winner: (x < y ? 'a' : 'b') as ComparisonWinner }));
        if (comparisons.length > 0) expect(majorityCycles(comparisons).cyclic).toBe(0);
      }),
    );
  });

  it('names the field it rejects', () => {
    expect(() => majorityCycles([{ a: 'x', b: 'y', winner: 'draw' as ComparisonWinner }])).toThrow('comparisons[0].winner must be "a", "b" or "tie"');
  });
});
