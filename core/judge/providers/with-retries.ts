import { onAbort } from './abort-listener.ts';
import { ProviderError, type JudgeProvider } from './judge-provider.ts';

export interface RetryPolicy {
  /** Requests in all, the first included. */
  maxAttempts: number;
  /** The first backoff; each retry doubles it, up to maxDelayMs, then jitter takes up to half of it away. */
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * The longest a server's Retry-After is waited out. A server asking for longer (a daily quota
   * spent) fails the request at once with that wait in the message, rather than being asked
   * again too early for nothing.
   */
  maxRetryAfterMs: number;
  /** [0, 1); injectable so tests can pin the jitter. */
  random: () => number;
  /** Told before each wait, e.g. to show "rate limited, retrying in 12 s" in a job's progress. */
  onRetry?: (event: { attempt: number; error: ProviderError; delayMs: number }) => void;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
  random: Math.random,
};

/**
 * Retries what is worth retrying (rate limits, server errors, dropped connections, timeouts:
 * ProviderError.retryable) with exponential backoff and jitter, waiting out a server's
 * Retry-After instead when it gives one. Stops at once on a cancel (the signal's reason is
 * rethrown, also mid-wait), on anything not retryable, and after maxAttempts; the error then
 * says how many attempts were made and carries the count in `attempts`, as a success does.
 */
export function withRetries(provider: JudgeProvider, policy: Partial<RetryPolicy> = {}): JudgeProvider {
  const settings: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...policy };
  if (!Number.isInteger(settings.maxAttempts) || settings.maxAttempts < 1) throw new RangeError(`maxAttempts must be a whole number of at least 1 (got ${settings.maxAttempts}).`);

  return {
    async complete(request) {
      for (let attempt = 1; ; attempt++) {
        if (request.signal.aborted) throw request.signal.reason;
        let error: ProviderError;
        try {
          const completion = await provider.complete(request);
          return { ...completion, attempts: attempt };
        } catch (thrown) {
          if (request.signal.aborted || !(thrown instanceof ProviderError)) throw thrown;
          error = thrown;
        }
        if (!error.retryable) throw attempt === 1 ? error : withAttempts(error, attempt, `It was not retried (attempt ${attempt} of ${settings.maxAttempts}).`);
        if (attempt >= settings.maxAttempts) throw withAttempts(error, attempt, attempt === 1 ? `Not retried (maxAttempts is 1).` : `Gave up after ${attempt} attempts.`);
        if (error.retryAfterMs !== null && error.retryAfterMs > settings.maxRetryAfterMs) {
          throw withAttempts(
            error,
            attempt,
            `The server asked to wait ${seconds(error.retryAfterMs)}, longer than the ${seconds(settings.maxRetryAfterMs)} a judge waits, so it was not retried; try again later.`,
          );
        }
        const delayMs = retryDelayMs(attempt, error, settings);
        settings.onRetry?.({ attempt, error, delayMs });
        await sleep(delayMs, request.signal);
      }
    },
  };
}

/** The wait before attempt `attempt + 1`: the server's Retry-After (plus a little spread), else exponential backoff with equal jitter. */
export function retryDelayMs(attempt: number, error: ProviderError, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'>): number {
  if (error.retryAfterMs !== null) {
    // Concurrent requests told the same Retry-After should not all return in the same instant.
    return Math.round(error.retryAfterMs + policy.random() * Math.min(1000, error.retryAfterMs * 0.1));
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + policy.random() * (ceiling / 2));
}

function withAttempts(error: ProviderError, attempts: number, note: string): ProviderError {
  return new ProviderError(error.kind, `${error.message} ${note}`, { status: error.status, retryAfterMs: error.retryAfterMs, cause: error, attempts });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      unlink();
      resolve();
    }, ms);
    const unlink = onAbort(signal, () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });
}

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}
