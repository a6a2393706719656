import { describe, expect, it } from 'vitest';
import { MISSING_FILL, contrastRatio, divergingFill, textOn } from './colour-scale.ts';

describe('heatmap colours', () => {
  it('runs orange below the centre, grey at it and blue above, clamped at the ends', () => {
    expect(divergingFill(0.5, 0, 0.5, 1)).toBe('#f7f7f7');
    expect(divergingFill(1, 0, 0.5, 1)).toBe('#2166ac');
    expect(divergingFill(0, 0, 0.5, 1)).toBe('#b35806');
    expect(divergingFill(5, 0, 0.5, 1)).toBe('#2166ac');
    expect(divergingFill(-1, -1, 0, 1)).toBe('#b35806');
  });

  it('always prints cell values in a colour with at least AA contrast (4.5:1)', () => {
    for (let v = -1; v <= 1.0001; v += 0.05) {
      const fill = divergingFill(v, -1, 0, 1);
      expect(contrastRatio(fill, textOn(fill))).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio(MISSING_FILL, textOn(MISSING_FILL))).toBeGreaterThanOrEqual(4.5);
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
    expect(textOn('#2166ac')).toBe('#ffffff');
    expect(textOn('#f7f7f7')).toBe('#000000');
  });
});
