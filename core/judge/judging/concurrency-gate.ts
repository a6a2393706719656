/**
 * At most `limit` tasks at once; the rest wait in order. `run` resolves or rejects with the task's
 * own outcome, and a slot is always released.
 */
export function concurrencyGate(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`A concurrency limit is a whole number of at least 1, not ${limit}.`);
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    active--;
    waiting.shift()?.();
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
