import { describe, expect, it } from 'vitest';
import { ProviderError } from './judge-provider.ts';
import { parseRetryAfter, retryAfterMsFrom } from './retry-after.ts';
import { retryDelayMs } from './with-retries.ts';

const NOW = Date.parse('2025-05-01T12:00:00Z');

describe('Retry-After', () => {
  it('reads seconds and HTTP dates; a past date means now; anything else is no answer', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter(' 1.5 ', NOW)).toBe(1500);
    expect(parseRetryAfter('Thu, 01 May 2025 12:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Thu, 01 May 2025 11:00:00 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('-5', NOW)).toBeNull();
    expect(parseRetryAfter('soon', NOW)).toBeNull();
    expect(parseRetryAfter('', NOW)).toBeNull();
  });

  it('prefers retry-after-ms, then Retry-After, then a Gemini RetryInfo detail', () => {
    const gemini = { error: { details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '23s' }] } };
    expect(retryAfterMsFrom(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), gemini, NOW)).toBe(250);
    expect(retryAfterMsFrom(new Headers({ 'retry-after': '9' }), gemini, NOW)).toBe(9000);
    expect(retryAfterMsFrom(new Headers(), gemini, NOW)).toBe(23_000);
    expect(retryAfterMsFrom(new Headers(), { error: { message: 'busy' } }, NOW)).toBeNull();
  });
});

describe('backoff', () => {
  const policy = { baseDelayMs: 1000, maxDelayMs: 30_000 };
  const error = new ProviderError('server', 'x', { status: 500 });

  it('doubles per attempt with up to half taken off by jitter, and stops growing at maxDelayMs', () => {
    const low = (attempt: number) => retryDelayMs(attempt, error, { ...policy, random: () => 0 });
    const high = (attempt: number) => retryDelayMs(attempt, error, { ...policy, random: () => 0.999999 });
    expect([1, 2, 3, 4].map(low)).toEqual([500, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map(high)).toEqual([1000, 2000, 4000, 8000]);
    expect(low(10)).toBe(15_000);
    expect(high(10)).toBe(30_000);
  });

  it("waits at least the server's Retry-After, spread by at most a tenth (and a second)", () => {
    const limited = new ProviderError('rate-limit', 'x', { status: 429, retryAfterMs: 5000 });
    expect(retryDelayMs(1, limited, { ...policy, random: () => 0 })).toBe(5000);
    expect(retryDelayMs(4, limited, { ...policy, random: () => 0.999999 })).toBe(5500);
    const long = new ProviderError('rate-limit', 'x', { status: 429, retryAfterMs: 60_000 });
    expect(retryDelayMs(1, long, { ...policy, random: () => 0.999999 })).toBe(61_000);
  });
});
