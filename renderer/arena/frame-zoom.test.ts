import { describe, expect, it } from 'vitest';
import { canStep, stepZoom, zoomWidth, zoomWords } from './frame-zoom.ts';

describe('the larger view zoom', () => {
  it('starts at the fitted width and steps up and back down through the same sizes', () => {
    expect(zoomWidth('fit')).toBe('100%');
    expect(stepZoom('fit', 1)).toBe(1.5);
    expect(stepZoom(1.5, 1)).toBe(2);
    expect(stepZoom(2, -1)).toBe(1.5);
    expect(stepZoom(1.5, -1)).toBe('fit');
    expect(zoomWidth(2)).toBe('200%');
  });

  it('stops at its ends and says so', () => {
    expect(canStep('fit', -1)).toBe(false);
    expect(canStep(4, 1)).toBe(false);
    expect(canStep(3, 1)).toBe(true);
  });

  it('leaves actual size (one image pixel per CSS pixel) for the steps', () => {
    expect(zoomWidth('actual')).toBeUndefined();
    expect(stepZoom('actual', 1)).toBe(1.5);
    expect(stepZoom('actual', -1)).toBe('fit');
    expect(zoomWords('actual')).toBe('Actual size');
    expect(zoomWords('fit')).toBe('Fit to width');
    expect(zoomWords(1.5)).toBe('150% of the width');
  });
});
