import { describe, expect, it } from 'vitest';
import { pairKeyOf } from './pair-key.ts';

describe('pairKeyOf', () => {
  it('is the same for both orders and different for different pairs', () => {
    expect(pairKeyOf({ runA: 'r1', runB: 'r2' })).toBe(pairKeyOf({ runA: 'r2', runB: 'r1' }));
    expect(pairKeyOf({ runA: 'r1', runB: 'r2' })).not.toBe(pairKeyOf({ runA: 'r1', runB: 'r3' }));
  });

  it('cannot be made to collide by separators inside run ids', () => {
    expect(pairKeyOf({ runA: 'a","b', runB: 'c' })).not.toBe(pairKeyOf({ runA: 'a', runB: 'b","c' }));
    expect(pairKeyOf({ runA: 'a|b', runB: 'c' })).not.toBe(pairKeyOf({ runA: 'a', runB: 'b|c' }));
  });
});
