import { describe, expect, it } from 'vitest';
import { intervalRanks } from './interval-ranks.ts';

describe('intervalRanks (LMArena: A above B only when A’s lower bound exceeds B’s upper bound)', () => {
  it('gives overlapping intervals one rank and skips the ranks a tie takes', () => {
    // A and B overlap; both lie above C's upper bound; D overlaps C only.
    const ranks = intervalRanks([
      { lo: 0.8, hi: 0.95 },
      { lo: 0.75, hi: 0.85 },
      { lo: 0.5, hi: 0.7 },
      { lo: 0.3, hi: 0.55 },
    ]);
    expect(ranks).toEqual([1, 1, 3, 3]);
  });

  it('ranks separated intervals apart, and touching bounds as a tie', () => {
    expect(intervalRanks([{ lo: 3, hi: 4 }, { lo: 1, hi: 2 }, { lo: -1, hi: 0 }])).toEqual([1, 2, 3]);
    expect(intervalRanks([{ lo: 2, hi: 3 }, { lo: 1, hi: 2 }])).toEqual([1, 1]);
  });

  it('lets a wide interval tie with entries on both sides of it', () => {
    expect(intervalRanks([{ lo: 5.2, hi: 5.8 }, { lo: 4.9, hi: 5.1 }, { lo: 3, hi: 6 }])).toEqual([1, 2, 1]);
  });

  it('gives an entry without an interval no rank, and does not count it against the others', () => {
    expect(intervalRanks([{ lo: 3, hi: 4 }, null, { lo: 1, hi: 2 }])).toEqual([1, null, 2]);
    expect(intervalRanks([null, null])).toEqual([null, null]);
  });

  it('refuses an interval that is not one, naming it', () => {
    expect(() => intervalRanks([{ lo: 1, hi: 2 }, { lo: 3, hi: 2 }])).toThrow(/intervals\[1\] has its lower bound 3 above its upper bound 2/);
    expect(() => intervalRanks([{ lo: Number.NaN, hi: 2 }])).toThrow(/intervals\[0\] must have finite bounds/);
  });
});
