import { describe, expect, it } from 'vitest';
import { alignmentError } from './use-settled-scroll.ts';

describe('alignmentError', () => {
  it('centres a row shorter than the view', () => {
    expect(alignmentError(100, 400, 300, 20, 'center')).toBe(0 + 300 + 10 - 300);
    expect(alignmentError(100, 400, 500, 20, 'center')).toBe(210);
    expect(alignmentError(100, 400, 0, 20, 'center')).toBe(-290);
  });

  it('shows a row taller than the view from its first pixel, never from its middle', () => {
    expect(alignmentError(100, 400, 90, 500, 'center')).toBe(-10);
    expect(alignmentError(100, 400, 100, 500, 'center')).toBe(0);
  });

  it('leaves a row already in view where it is when the alignment is auto, and moves one outside just enough', () => {
    expect(alignmentError(100, 400, 250, 20, 'auto')).toBe(0);
    expect(alignmentError(100, 400, 60, 20, 'auto')).toBe(-40);
    expect(alignmentError(100, 400, 490, 20, 'auto')).toBe(10);
  });
});

describe('alignmentError at the start', () => {
  it('moves a kept top line to the top of the view, from below or above', () => {
    expect(alignmentError(100, 400, 300, 20, 'start')).toBe(200);
    expect(alignmentError(100, 400, 40, 20, 'start')).toBe(-60);
    expect(alignmentError(100, 400, 100, 20, 'start')).toBe(0);
  });
});
