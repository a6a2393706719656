import type { Worker } from 'node:worker_threads';

/**
 * Started normalise workers that a closed pool handed back, for the next pool in this process.
 * Starting one costs about half a second on this machine class (loading pdf.js and the Markdown
 * reader, two workers at once on two cores; the HTML reader waits for a web page), and a fresh
 * worker reads its first pages slower, before V8 has optimised pdf.js. An app
 * that imports again soon (a second folder, a dropped file, the next run of a benchmark) reuses
 * them; a worker left unused for WARM_FOR_MS is stopped, so an idle app gives its memory back.
 */
const WARM_FOR_MS = 60_000;
/** More would only hold memory: pools use at most two workers by default. */
const MAX_WARM = 2;

interface WarmWorker {
  worker: Worker;
  timer: NodeJS.Timeout;
  onGone: () => void;
}

const warm: WarmWorker[] = [];

/**
 * Keeps an idle, healthy worker (it answered its last file) for the next pool. Its listeners
 * must already be removed; it no longer keeps the process alive.
 */
export function keepWorkerWarm(worker: Worker): void {
  if (warm.length >= MAX_WARM) {
    void worker.terminate();
    return;
  }
  worker.unref();
  const entry: WarmWorker = {
    worker,
    timer: setTimeout(() => {
      forget(entry);
      void worker.terminate();
    }, WARM_FOR_MS).unref(),
    // A worker that dies while parked (out of memory, killed) is simply not handed out.
    onGone: () => forget(entry),
  };
  worker.once('exit', entry.onGone);
  worker.once('error', entry.onGone);
  warm.push(entry);
}

/** A kept worker, ready for its next file, or undefined when there is none. */
export function takeWarmWorker(): Worker | undefined {
  const entry = warm.pop();
  if (!entry) return undefined;
  forget(entry);
  return entry.worker;
}

/** How many workers are kept (for tests). */
export function warmWorkerCount(): number {
  return warm.length;
}

function forget(entry: WarmWorker): void {
  clearTimeout(entry.timer);
  entry.worker.off('exit', entry.onGone);
  entry.worker.off('error', entry.onGone);
  const index = warm.indexOf(entry);
  if (index !== -1) warm.splice(index, 1);
}
