import { onAbort } from './abort-listener.ts';
import { ProviderError, type JudgeProvider } from './judge-provider.ts';

/**
 * Gives each request at most `timeoutMs` from the moment it is sent (wrap inside the
 * concurrency limit, so time spent queued does not count). A request that runs out becomes a
 * retryable `timeout` ProviderError; a cancel through the caller's signal stays the caller's.
 */
export function withTimeout(provider: JudgeProvider, timeoutMs: number, label: string): JudgeProvider {
  return {
    async complete(request) {
      const outer = request.signal;
      if (outer.aborted) throw outer.reason;
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new Error('timeout'));
      }, timeoutMs);
      // Linked by hand rather than AbortSignal.any: a job's signal lives for thousands of requests.
      const unlink = onAbort(outer, () => controller.abort(outer.reason));
      try {
        return await provider.complete({ ...request, signal: controller.signal });
      } catch (error) {
        if (timedOut && !outer.aborted) {
          throw new ProviderError('timeout', `${label}: no reply within ${formatTimeout(timeoutMs)} (the judge's timeoutSeconds), so the request was abandoned.`, { cause: error });
        }
        throw error;
      } finally {
        clearTimeout(timer);
        unlink();
      }
    },
  };
}

function formatTimeout(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
