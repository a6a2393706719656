/**
 * Every date and time the screens show, in one format: the user's locale, to the minute, with
 * the time zone named ("1 Dec 2026, 19:21 CET"). Stored and exported times stay ISO 8601 (UTC);
 * only the screen puts them into words, here, so no two screens disagree about a moment.
 */

export interface DateTimeTextOptions {
  /** A BCP 47 locale; the browser's own when absent. */
  locale?: string | undefined;
  /** An IANA time zone; the browser's own when absent. */
  timeZone?: string | undefined;
}

const FIELDS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' };

function formatter(options: DateTimeTextOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(options.locale, { ...FIELDS, ...(options.timeZone ? { timeZone: options.timeZone } : {}) });
}

function instant(value: string | number): number {
  return typeof value === 'number' ? value : Date.parse(value);
}

function unknownText(value: string | number): string {
  return value === '' ? 'unknown time' : `unknown time (${String(value)})`;
}

/** A moment (an ISO 8601 string or milliseconds since the epoch) as the screens show it. */
export function dateTimeText(value: string | number, options: DateTimeTextOptions = {}): string {
  const ms = instant(value);
  return Number.isNaN(ms) ? unknownText(value) : formatter(options).format(ms);
}

/** From one moment to another, the finish as short as the locale allows ("6 Oct 2025, 09:15 – 09:59 UTC"). */
export function dateTimeRangeText(start: string | number, finish: string | number, options: DateTimeTextOptions = {}): string {
  const from = instant(start);
  const to = instant(finish);
  if (Number.isNaN(from) || Number.isNaN(to)) return `${dateTimeText(start, options)} – ${dateTimeText(finish, options)}`;
  return to < from ? `${dateTimeText(start, options)} – ${dateTimeText(finish, options)}` : formatter(options).formatRange(from, to);
}
