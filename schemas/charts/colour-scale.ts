/**
 * Heatmap colours: a diverging orange–grey–blue scale (readable with the common colour-vision
 * deficiencies), and for each fill the text colour (black or white) with the higher contrast.
 * Colour is never the only cue: every cell prints its value.
 */
const LOW = [179, 88, 6] as const; // #b35806
const MID = [247, 247, 247] as const; // #f7f7f7
const HIGH = [33, 102, 172] as const; // #2166ac
export const MISSING_FILL = '#e6e6e6';

type Rgb = readonly [number, number, number];

const hex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/** The fill for `value`: orange below `centre`, blue above, grey at it; clamped to [min, max]. */
export function divergingFill(value: number, min: number, centre: number, max: number): string {
  if (value >= centre) return hex(mix(MID, HIGH, max === centre ? 0 : Math.min(1, (value - centre) / (max - centre))));
  return hex(mix(MID, LOW, min === centre ? 0 : Math.min(1, (centre - value) / (centre - min))));
}

function parseHex(colour: string): Rgb {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!m) throw new Error(`Not a #rrggbb colour: ${colour}`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

/** WCAG 2 relative luminance. */
function luminance(colour: string): number {
  const [r, g, b] = parseHex(colour).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio between two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Black or white, whichever reads better on `fill`. */
export function textOn(fill: string): '#000000' | '#ffffff' {
  return contrastRatio(fill, '#000000') >= contrastRatio(fill, '#ffffff') ? '#000000' : '#ffffff';
}
