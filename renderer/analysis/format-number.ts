/**
 * How the Analysis screen prints its numbers, one rule per kind, so a table, its CSV and its
 * Markdown agree. A missing value prints as "—" and carries a `title` saying why it is missing.
 */
export interface Formatted {
  text: string;
  /** Why the value is missing (shown as a tooltip and read by screen readers). */
  title?: string;
}

export const MISSING = '—';

const missing = (why: string): Formatted => ({ text: MISSING, title: why });

/** toFixed without "-0.000": a value that rounds to zero prints unsigned. */
function fixed(value: number, digits: number): string {
  const text = value.toFixed(digits);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

const usable = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** Cohen's / quadratic κ, and Cohen's h: three decimals. */
export function formatKappa(value: number | null | undefined, why = 'Undefined: too few shared items, or no variation in the scores'): Formatted {
  return usable(value) ? { text: fixed(value, 3) } : missing(why);
}

/** Bradley–Terry Elo ratings and their interval ends: one decimal, no thousands separator. */
export function formatElo(value: number | null | undefined, why = 'No interval: too few votes to resample'): Formatted {
  return usable(value) ? { text: fixed(value, 1) } : missing(why);
}

/** A proportion in [0, 1] as a percentage with one decimal: 0.5432 → "54.3%". */
export function formatRate(value: number | null | undefined, why = 'No data: nothing to count'): Formatted {
  return usable(value) ? { text: `${fixed(value * 100, 1)}%` } : missing(why);
}

/** p-values with four decimals; below 0.0001 as "< 0.0001". */
export function formatPValue(value: number | null | undefined, why = 'No test: too few observations'): Formatted {
  if (!usable(value)) return missing(why);
  if (value < 0.0001) return { text: '< 0.0001' };
  return { text: fixed(Math.min(1, value), 4) };
}

/** A rubric score or a test statistic with a fixed number of decimals (2 unless told). */
export function formatDecimal(value: number | null | undefined, digits = 2, why = 'No data: nothing scored'): Formatted {
  return usable(value) ? { text: fixed(value, digits) } : missing(why);
}

/** Counts with thousands separators: 1000 → "1,000". */
export function formatCount(value: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value);
}

/** "[lo, hi]" from two formatted ends; "—" (with the first reason) when either is missing. */
export function formatInterval(lo: Formatted, hi: Formatted): Formatted {
  if (lo.title !== undefined || hi.title !== undefined) return missing(lo.title ?? hi.title ?? 'No interval');
  return { text: `[${lo.text}, ${hi.text}]` };
}
