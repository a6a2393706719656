import { setTimeout as sleep } from 'node:timers/promises';
import { storageProblemOf } from './storage-error.ts';

/** Tries after the first busy answer, each after a longer pause: with busy_timeout's wait, ~40 s in all. */
const PAUSES_MS = [250, 500, 1000, 2000, 4000];

/**
 * Runs `work` again while it fails only because another process held the workspace's write lock
 * past the busy wait (SQLITE_BUSY). Only for work that stores nothing when it fails that way (one
 * transaction, or steps that are each skipped when already done), so running it again is safe.
 * What the CLI does on a busy workspace: a person at a terminal would otherwise do the same by hand.
 */
export async function retryWhileBusy<T>(work: () => Promise<T> | T, isBusy: (error: unknown) => boolean = isBusyError): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= PAUSES_MS.length || !isBusy(error)) throw error;
      await sleep(PAUSES_MS[attempt]! * (0.75 + Math.random() / 2));
    }
  }
}

/** SQLite's own busy error, or one of ours that carries it as its cause. */
export function isBusyError(error: unknown): boolean {
  for (let at: unknown = error, depth = 0; at && depth < 5; at = (at as { cause?: unknown }).cause, depth++) {
    if (storageProblemOf(at) === 'busy') return true;
  }
  return false;
}
