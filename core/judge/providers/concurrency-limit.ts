import { onAbort } from './abort-listener.ts';
import type { JudgeProvider } from './judge-provider.ts';

export interface ConcurrencyLimit {
  readonly max: number;
  /** Tasks running now. */
  readonly active: number;
  /** Tasks queued for a slot. */
  readonly waiting: number;
  /** Runs the task when a slot is free. A signal that aborts while it waits takes it out of the queue (rejecting with the signal's reason). */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

interface Waiter {
  start: () => void;
}

/**
 * At most `max` tasks at once, first come first served. Hand-written rather than p-limit or
 * p-queue: neither is a dependency yet, and what the judge engine needs beyond them (a queued
 * request leaving the queue when its job is cancelled) is the few lines below.
 */
export function createConcurrencyLimit(max: number): ConcurrencyLimit {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`A concurrency limit must be a whole number of at least 1 (got ${max}).`);
  let active = 0;
  const queue: Waiter[] = [];

  const release = () => {
    active--;
    const next = queue.shift();
    if (next) next.start();
  };

  const acquire = (signal: AbortSignal | undefined): Promise<void> => {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    if (active < max) {
      active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          unlink();
          active++;
          resolve();
        },
      };
      const unlink = signal
        ? onAbort(signal, () => {
            const at = queue.indexOf(waiter);
            if (at >= 0) queue.splice(at, 1);
            reject(signal.reason as Error);
          })
        : () => {};
      queue.push(waiter);
    });
  };

  return {
    max,
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    async run(task, signal) {
      await acquire(signal);
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

/** The provider with each request taking a slot of `limit` for as long as it is on the wire. */
export function withConcurrencyLimit(provider: JudgeProvider, limit: ConcurrencyLimit): JudgeProvider {
  return { complete: (request) => limit.run(() => provider.complete(request), request.signal) };
}
