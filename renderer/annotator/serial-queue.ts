/**
 * Runs the work given to it one at a time, in the order given, whether or not the one before
 * failed: edits sent this way answer in order, so each answer is the newest state.
 */
export function serialQueue(): <T>(work: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
}
