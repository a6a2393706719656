import { describe, expect, it } from 'vitest';
import { canStep, pinchZoom, stepZoom, zoomWidth, zoomWords } from './frame-zoom.ts';

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

describe('pinching the larger view', () => {
  it('zooms by how far the fingers spread, from the size drawn when they landed', () => {
    expect(pinchZoom(1, 100, 200)).toBe(2);
    expect(pinchZoom(1.5, 100, 150)).toBe(2.25);
    expect(pinchZoom(2, 200, 100)).toBe('fit');
  });

  it('stays between the fitted width and the largest step, and snaps back to the width', () => {
    expect(pinchZoom(3, 100, 400)).toBe(4);
    expect(pinchZoom(1, 100, 50)).toBe('fit');
    expect(pinchZoom(1, 100, 102)).toBe('fit');
    expect(zoomWords(pinchZoom(1, 100, 183))).toBe('183% of the width');
  });

  it('leaves the view fitted when the fingers landed on one spot', () => {
    expect(pinchZoom(1, 0, 100)).toBe('fit');
  });
});
