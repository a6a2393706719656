import { describe, expect, it } from 'vitest';
import { cohensH } from './cohens-h.ts';

describe('cohensH', () => {
  // Closed forms: asin(√½) = π/4, asin(√¼) = π/6, asin(√¾) = π/3, asin(1) = π/2.
  it.each([
    [0.5, 0.25, Math.PI / 6],
    [0.75, 0.5, Math.PI / 6],
    [0.75, 0.25, Math.PI / 3],
    [1, 0, Math.PI],
    [0, 1, -Math.PI],
    [0.3, 0.3, 0],
  ])('h(%d, %d) = %d', (p1, p2, h) => {
    expect(cohensH(p1, p2)).toBeCloseTo(h, 14);
  });

  it('matches the formula evaluated independently, to 1e-9 relative', () => {
    // python3 -c "import math; print(2*math.asin(math.sqrt(0.65)) - 2*math.asin(math.sqrt(0.45)))"
    const expected = 0.40486007517695755;
    expect(Math.abs(cohensH(0.65, 0.45) - expected)).toBeLessThanOrEqual(1e-9 * expected);
  });

  it('is antisymmetric', () => {
    expect(cohensH(0.2, 0.9)).toBe(-cohensH(0.9, 0.2));
  });

  it.each([
    [-0.1, 0.5, /^p1 /],
    [1.1, 0.5, /^p1 /],
    [Number.NaN, 0.5, /^p1 /],
    [0.5, -0.1, /^p2 /],
    [0.5, 1.0001, /^p2 /],
  ])('rejects (%d, %d) naming the argument', (p1, p2, message) => {
    expect(() => cohensH(p1, p2)).toThrow(RangeError);
    expect(() => cohensH(p1, p2)).toThrow(message);
  });
});
