import { describe, expect, it } from 'vitest';
import { dateTimeRangeText, dateTimeText } from './date-time-text.ts';

describe('dates and times on screen', () => {
  it('reads in the given locale, with its time zone named', () => {
    const at = '2026-12-01T18:21:27.000Z';
    expect(dateTimeText(at, { locale: 'en-GB', timeZone: 'Europe/Berlin' })).toBe('1 Dec 2026, 19:21 CET');
    expect(dateTimeText(at, { locale: 'en-US', timeZone: 'America/New_York' })).toBe('Dec 1, 2026, 01:21 PM EST');
    expect(dateTimeText(at, { locale: 'de-DE', timeZone: 'UTC' })).toBe('1. Dez. 2026, 18:21 UTC');
  });

  it('gives a range its start in full and its finish as short as the locale allows', () => {
    const options = { locale: 'en-GB', timeZone: 'UTC' };
    // ICU puts thin spaces around the dash between whole dates.
    const plain = (text: string) => text.replace(/\u2009/g, ' ');
    expect(plain(dateTimeRangeText('2025-10-06T09:15:00Z', '2025-10-06T09:59:00Z', options))).toBe('6 Oct 2025, 09:15–09:59 UTC');
    expect(plain(dateTimeRangeText('2025-10-06T23:15:00Z', '2025-10-07T00:20:00Z', options))).toBe('6 Oct 2025, 23:15 UTC – 7 Oct 2025, 00:20 UTC');
  });

  it('says so when a stored time cannot be read, instead of "Invalid Date"', () => {
    expect(dateTimeText('not a time')).toBe('unknown time (not a time)');
    expect(dateTimeText('')).toBe('unknown time');
  });
});
