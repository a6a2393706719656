/**
 * How long a server asked us to wait before asking again: `retry-after-ms` (some gateways),
 * `Retry-After` as seconds or as an HTTP date (RFC 9110 §10.2.3), or Gemini's `RetryInfo`
 * detail (`"retryDelay": "23s"`) in the error body. Null when nothing usable was given.
 */
export function retryAfterMsFrom(headers: Headers, body: unknown, now: number = Date.now()): number | null {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Math.round(Number(ms));
  const header = headers.get('retry-after');
  if (header !== null) {
    const parsed = parseRetryAfter(header, now);
    if (parsed !== null) return parsed;
  }
  return retryDelayFromGeminiError(body);
}

/** `Retry-After: 120` or `Retry-After: Wed, 21 Oct 2015 07:28:00 GMT`; a date in the past means now. */
export function parseRetryAfter(value: string, now: number = Date.now()): number | null {
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // Only the date forms HTTP allows: a bare number like "-5" or a word must not become a date.
  if (!/^[A-Za-z]{3},? /.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

function retryDelayFromGeminiError(body: unknown): number | null {
  const details = (body as { error?: { details?: unknown } } | null)?.error?.details;
  if (!Array.isArray(details)) return null;
  for (const detail of details as unknown[]) {
    const delay = (detail as { retryDelay?: unknown } | null)?.retryDelay;
    if (typeof delay === 'string') {
      const match = /^(\d+(?:\.\d+)?)s$/.exec(delay.trim());
      if (match) return Math.round(Number(match[1]) * 1000);
    }
  }
  return null;
}
