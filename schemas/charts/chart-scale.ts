/** A linear map from a data domain onto a pixel range. */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0 || 1;
  return (value) => r0 + ((value - d0) / span) * (r1 - r0);
}

/**
 * Round tick values (steps of 1, 2 or 5 × 10ⁿ) covering [min, max] with about `count` ticks; the
 * returned domain is widened to the outer ticks so dots never sit on the frame.
 */
export function niceTicks(min: number, max: number, count = 5): { domain: [number, number]; ticks: number[] } {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return { domain: [0, 1], ticks: [0, 0.5, 1] };
  if (min === max) {
    const pad = Math.abs(min) * 0.1 || 1;
    return niceTicks(min - pad, max + pad, count);
  }
  const [lo, hi] = min < max ? [min, max] : [max, min];
  const rough = (hi - lo) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const start = Math.floor(lo / step) * step;
  const end = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  // Integer counting avoids 0.30000000000000004-style drift.
  for (let i = 0; start + i * step <= end + step / 1e6; i++) ticks.push(Number((start + i * step).toPrecision(12)));
  return { domain: [ticks[0]!, ticks[ticks.length - 1]!], ticks };
}

/**
 * A label shortened to `max` characters for a chart axis by cutting its middle: configuration
 * labels ("harness · model · skill v2") differ at both ends. The full label stays in the table
 * and in the chart's tooltips.
 */
export function clipLabel(label: string, max = 40): string {
  if (label.length <= max) return label;
  const keep = max - 1;
  const head = Math.ceil(keep * 0.55);
  return `${label.slice(0, head).trimEnd()}…${label.slice(label.length - (keep - head)).trimStart()}`;
}

/**
 * Text broken at spaces into lines of at most `max` characters (a word longer than that gets a
 * line of its own), so a chart's title and subtitle wrap inside its width instead of running off it.
 */
export function wrapWords(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + 1 + word.length <= max) lines[last] = `${lines[last]} ${word}`;
    else lines.push(word);
  }
  return lines;
}
