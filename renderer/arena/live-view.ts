/** The live build's page for a frame's route: the base URL with the route appended, minus its "/". */
export function liveUrl(siteUrl: string, route: string): string {
  return siteUrl + (route.startsWith('/') ? route.slice(1) : route);
}

export interface FittedViewport {
  /** The iframe's own size: the frame's viewport width, so the page lays out as designed. */
  width: number;
  height: number;
  /** ≤ 1: how much the iframe is shrunk to fit the space. */
  scale: number;
  /** The space the scaled iframe takes on screen. */
  boxWidth: number;
  boxHeight: number;
}

/**
 * Fits a page laid out at `viewport.width` into `available`: scaled down (never up) so the whole
 * width shows; the height fills the available space at that scale.
 */
export function fitViewport(viewport: { width: number; height: number }, available: { width: number; height: number }): FittedViewport {
  const width = Math.max(1, viewport.width);
  const scale = available.width > 0 ? Math.min(1, available.width / width) : 1;
  const height = Math.max(viewport.height, available.height > 0 ? Math.floor(available.height / scale) : viewport.height);
  return { width, height, scale, boxWidth: Math.round(width * scale), boxHeight: Math.round(height * scale) };
}
