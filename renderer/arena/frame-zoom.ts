/**
 * How large a frame is drawn in the larger view: `fit` is the pane's width (the whole frame's width
 * in view, the default), a number is a multiple of that width, and `actual` is one image pixel per
 * CSS pixel.
 */
export type FrameZoom = 'fit' | 'actual' | number;

/** The steps − and + go through, as multiples of the fitted width. */
const STEPS = [1, 1.5, 2, 3, 4] as const;

const asFactor = (zoom: FrameZoom): number => (zoom === 'fit' ? 1 : zoom === 'actual' ? Number.NaN : zoom);

/** The next step larger (+) or smaller (−); from actual size, + and − go back to the steps from fit. */
export function stepZoom(zoom: FrameZoom, direction: 1 | -1): FrameZoom {
  const factor = asFactor(zoom);
  if (Number.isNaN(factor)) return direction > 0 ? STEPS[1] : 'fit';
  const next = direction > 0 ? STEPS.find((s) => s > factor + 1e-9) : [...STEPS].reverse().find((s) => s < factor - 1e-9);
  if (next === undefined) return zoom;
  return next === 1 ? 'fit' : next;
}

export function canStep(zoom: FrameZoom, direction: 1 | -1): boolean {
  return stepZoom(zoom, direction) !== zoom;
}

/** The words the view shows for its zoom: "Fit to width", "150%", "Actual size". */
export function zoomWords(zoom: FrameZoom): string {
  return zoom === 'fit' ? 'Fit to width' : zoom === 'actual' ? 'Actual size' : `${Math.round(zoom * 100)}% of the width`;
}

/** The image's (or the overlay stack's) width in CSS: a share of the pane, or its natural width. */
export function zoomWidth(zoom: FrameZoom): string | undefined {
  return zoom === 'actual' ? undefined : `${asFactor(zoom) * 100}%`;
}

/**
 * A pinch on a touch screen: the zoom the fingers ask for, from the factor (of the fitted width)
 * drawn when they landed and how far apart they were then and are now; between the fitted width
 * and the largest step, and the fitted width again when pinched back to (about) it.
 */
export function pinchZoom(startFactor: number, startDistance: number, distance: number): FrameZoom {
  if (!(startDistance > 0) || !(startFactor > 0)) return 'fit';
  const factor = Math.min(STEPS.at(-1)!, Math.max(1, (startFactor * distance) / startDistance));
  return factor < 1.03 ? 'fit' : Math.round(factor * 100) / 100;
}
