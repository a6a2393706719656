import { describe, expect, it } from 'vitest';
import { durationText, elapsedMs } from './run-duration.ts';

describe('durations', () => {
  it('read in the largest units that matter', () => {
    expect(durationText(0)).toBe('0 s');
    expect(durationText(45_000)).toBe('45 s');
    expect(durationText(150_000)).toBe('2 min 30 s');
    expect(durationText(12 * 60_000)).toBe('12 min');
    expect(durationText(44 * 60_000 + 20_000)).toBe('44 min');
    expect(durationText(3_600_000)).toBe('1 h');
    expect(durationText(65 * 60_000)).toBe('1 h 5 min');
  });

  it('are unknown when negative or not a number', () => {
    expect(durationText(-1)).toBeUndefined();
    expect(durationText(Number.NaN)).toBeUndefined();
  });
});

describe('elapsed time', () => {
  const NOW = Date.parse('2025-10-02T10:05:00Z');
  it("is the run's duration once it has one, else the time since it started", () => {
    expect(elapsedMs({ startedAt: '2025-10-02T10:00:00Z', finishedAt: '2025-10-02T10:00:40Z', durationMs: 25_000 }, NOW)).toBe(25_000);
    expect(elapsedMs({ startedAt: '2025-10-02T10:02:30Z', finishedAt: null, durationMs: null }, NOW)).toBe(150_000);
    expect(elapsedMs({ startedAt: null, finishedAt: null, durationMs: null }, NOW)).toBeUndefined();
  });
});
