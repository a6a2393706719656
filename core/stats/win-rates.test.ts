import { describe, expect, it } from 'vitest';
import type { ComparisonWinner } from './pairwise-comparison.ts';
import { winRates } from './win-rates.ts';

describe('winRates', () => {
  const comparisons = [
    { a: 'x', b: 'y', winner: 'a' as const },
    { a: 'x', b: 'y', winner: 'a' as const },
    { a: 'y', b: 'x', winner: 'a' as const },
    { a: 'x', b: 'z', winner: 'tie' as const },
    { a: 'z', b: 'y', winner: 'tie' as const },
  ];

  it('counts wins with ties as half, without ties, and tie rates', () => {
    const result = winRates(comparisons);
    expect(result.systems.x).toEqual({ games: 4, wins: 2, losses: 1, ties: 1, winRate: 2.5 / 4, winRateExcludingTies: 2 / 3, tieRate: 0.25 });
    expect(result.systems.y).toEqual({ games: 4, wins: 1, losses: 2, ties: 1, winRate: 1.5 / 4, winRateExcludingTies: 1 / 3, tieRate: 0.25 });
    expect(result.systems.z).toEqual({ games: 2, wins: 0, losses: 0, ties: 2, winRate: 0.5, winRateExcludingTies: null, tieRate: 1 });
    expect(result.tieRate).toBe(0.4);
    expect(result.comparisons).toBe(5);
    expect(Object.keys(result.systems)).toEqual(['x', 'y', 'z']);
  });

  it('names the field it rejects', () => {
    expect(() => winRates([])).toThrow('comparisons must hold at least one comparison');
    expect(() => winRates([{ a: 'x', b: 'y', winner: 'b' }, { a: 'x', b: 7 as unknown as string, winner: 'a' as ComparisonWinner }])).toThrow('comparisons[1].b must be a non-empty system name');
  });
});
