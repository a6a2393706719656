import { z } from 'zod';
import { durationText } from './run-duration.ts';

/**
 * How the analysis prints its numbers, one rule per kind of value, decided here once for every
 * rendering of a report table (the Analysis screen, `lhb analyze --md`, the dataset card) and
 * for the sentences around them. A missing value prints as "—" with a `title` saying why.
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

/** A difference of two proportions in percentage points, signed: 0.031 → "+3.1 pp". */
export function formatRateDifference(value: number | null | undefined, why = 'Needs both rates'): Formatted {
  return usable(value) ? { text: `${value > 0 ? '+' : ''}${(value * 100).toFixed(1)} pp` } : missing(why);
}

/** A difference of two scores, signed, two decimals: 0.4167 → "+0.42", −0.13 → "-0.13". */
export function formatScoreDifference(value: number | null | undefined, why = 'Needs both scores'): Formatted {
  if (!usable(value)) return missing(why);
  const text = fixed(value, 2);
  return { text: value > 0 && text !== '0.00' ? `+${text}` : text };
}

/** A relative change, signed, as a percentage with one decimal: −0.42 → "-42.0%", 0.05 → "+5.0%". */
export function formatRelativeChange(value: number | null | undefined, why = 'Needs both values'): Formatted {
  if (!usable(value)) return missing(why);
  const text = `${fixed(value * 100, 1)}%`;
  return { text: value > 0 && text !== '0.0%' ? `+${text}` : text };
}

/** US dollars: four decimals under $1 (a run's cost is often cents), two from $1 on: "$0.0123", "$1.24". */
export function formatUsd(value: number | null | undefined, why = 'No cost reported'): Formatted {
  if (!usable(value)) return missing(why);
  return { text: `$${fixed(value, Math.abs(value) < 1 ? 4 : 2)}` };
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

/** Made once: a new Intl.NumberFormat per count was a visible share of a large report's time. */
const COUNT_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Counts with thousands separators: 1000 → "1,000". */
export function formatCount(value: number): string {
  return COUNT_FORMAT.format(value);
}

/** A count and its noun, agreeing: "1 annotator", "5 annotators", "1,000 votes" (`plural` for nouns not made with -s). */
export function formatCountOf(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`;
}

/** "[lo, hi]" from two formatted ends; "—" (with the first reason) when either is missing. */
export function formatInterval(lo: Formatted, hi: Formatted): Formatted {
  if (lo.title !== undefined || hi.title !== undefined) return missing(lo.title ?? hi.title ?? 'No interval');
  return { text: `[${lo.text}, ${hi.text}]` };
}

/**
 * The kinds of value a report table's column holds, each printed by one rule above: `text`
 * (words, as they are), `count` (a mean of counts rounds to a whole one), `score` (a rubric score
 * or rating, 2 decimals), `score-difference`, `per-run` (a mean count per run, 2 decimals),
 * `kappa`, `variance` (4 decimals), `elo`, `rate`, `rate-difference`, `relative-change`, `usd`,
 * `p-value`.
 */
export const ValueFormatSchema = z.enum(['text', 'count', 'score', 'score-difference', 'per-run', 'kappa', 'variance', 'elo', 'rate', 'rate-difference', 'relative-change', 'usd', 'p-value', 'duration']);
export type ValueFormat = z.infer<typeof ValueFormatSchema>;

/** A value printed by its kind's rule; a missing one (null, or not a finite number) as "—" with `why`. */
export function formatValue(format: ValueFormat, value: string | number | null, why = 'No data'): Formatted {
  if (typeof value === 'string') return { text: value };
  switch (format) {
    case 'text':
      return value === null ? missing(why) : { text: String(value) };
    case 'count':
      return usable(value) ? { text: formatCount(value) } : missing(why);
    case 'score':
    case 'per-run':
      return formatDecimal(value, 2, why);
    case 'score-difference':
      return formatScoreDifference(value, why);
    case 'kappa':
      return formatKappa(value, why);
    case 'variance':
      return formatDecimal(value, 4, why);
    case 'elo':
      return formatElo(value, why);
    case 'rate':
      return formatRate(value, why);
    case 'rate-difference':
      return formatRateDifference(value, why);
    case 'relative-change':
      return formatRelativeChange(value, why);
    case 'usd':
      return formatUsd(value, why);
    case 'p-value':
      return formatPValue(value, why);
    case 'duration': {
      // Milliseconds, printed as a run's duration is everywhere else ("42 s", "3 min 5 s").
      const text = usable(value) ? durationText(value) : undefined;
      return text === undefined ? missing(why) : { text };
    }
  }
}
