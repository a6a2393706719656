import { describe, expect, it, vi } from 'vitest';
import { MISSING, formatCount, formatDecimal, formatElo, formatInterval, formatKappa, formatPValue, formatRate, formatRelativeChange, formatScoreDifference, formatUsd } from './format-number.ts';

describe('formatting the analysis numbers', () => {
  it('prints κ with three decimals and never "-0.000"', () => {
    expect(formatKappa(0.61234)).toEqual({ text: '0.612' });
    expect(formatKappa(1)).toEqual({ text: '1.000' });
    expect(formatKappa(-0.0504)).toEqual({ text: '-0.050' });
    expect(formatKappa(-0.0001)).toEqual({ text: '0.000' });
  });

  it('prints Elo with one decimal and no thousands separator', () => {
    expect(formatElo(1034.26)).toEqual({ text: '1034.3' });
    expect(formatElo(987.04)).toEqual({ text: '987.0' });
  });

  it('prints rates as percentages with one decimal', () => {
    expect(formatRate(0.5432)).toEqual({ text: '54.3%' });
    expect(formatRate(0)).toEqual({ text: '0.0%' });
    expect(formatRate(1)).toEqual({ text: '100.0%' });
  });

  it('prints p-values with four decimals, and tiny ones as "< 0.0001"', () => {
    expect(formatPValue(0.01234)).toEqual({ text: '0.0123' });
    expect(formatPValue(0.00005)).toEqual({ text: '< 0.0001' });
    expect(formatPValue(0)).toEqual({ text: '< 0.0001' });
    expect(formatPValue(0.0001)).toEqual({ text: '0.0001' });
    expect(formatPValue(1)).toEqual({ text: '1.0000' });
  });

  it('prints a dash with the reason when a value is missing or not finite', () => {
    for (const format of [formatKappa, formatElo, formatRate, formatPValue]) {
      const result = format(null);
      expect(result.text).toBe(MISSING);
      expect(result.title).toMatch(/\w/);
      expect(format(Number.NaN).text).toBe(MISSING);
    }
    expect(formatKappa(null, 'Judges never scored the same item')).toEqual({ text: MISSING, title: 'Judges never scored the same item' });
  });

  it('prints decimals, counts and intervals', () => {
    expect(formatDecimal(3.456)).toEqual({ text: '3.46' });
    expect(formatDecimal(12.3456, 3)).toEqual({ text: '12.346' });
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(20000)).toBe('20,000');
    expect(formatInterval(formatDecimal(1.2), formatDecimal(3.4))).toEqual({ text: '[1.20, 3.40]' });
    expect(formatInterval(formatElo(null, 'No votes'), formatElo(3))).toEqual({ text: MISSING, title: 'No votes' });
  });

  it('signs score differences and relative changes, and never prints "+0.00" or "-0.0%"', () => {
    expect(formatScoreDifference(0.4167)).toEqual({ text: '+0.42' });
    expect(formatScoreDifference(-0.125)).toEqual({ text: '-0.13' });
    expect(formatScoreDifference(0.001)).toEqual({ text: '0.00' });
    expect(formatScoreDifference(-0.001)).toEqual({ text: '0.00' });
    expect(formatRelativeChange(-0.42)).toEqual({ text: '-42.0%' });
    expect(formatRelativeChange(0.05)).toEqual({ text: '+5.0%' });
    expect(formatRelativeChange(-0.0001)).toEqual({ text: '0.0%' });
  });

  it('prints a cost in dollars, to the hundredth of a cent under a dollar', () => {
    expect(formatUsd(0.01234)).toEqual({ text: '$0.0123' });
    expect(formatUsd(1.2449)).toEqual({ text: '$1.24' });
    expect(formatUsd(null).text).toBe(MISSING);
  });
});

describe('formatCount in a large report', () => {
  it('prints every count with one number formatter, not one made per cell', () => {
    // Making an Intl.NumberFormat costs tens of microseconds; a report at study scale prints tens
    // of thousands of counts, so one per call was a visible part of analysis.report.
    const made = vi.spyOn(Intl, 'NumberFormat');
    try {
      const printed = Array.from({ length: 200 }, (_, i) => formatCount(i * 1000));
      expect(printed[3]).toBe('3,000');
      expect(made.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      made.mockRestore();
    }
  });
});
