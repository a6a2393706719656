import type { Worker } from 'node:worker_threads';
import type { NormaliseReply, NormaliseRequest } from './normalise-worker.ts';
import { startNormaliseWorker } from './start-normalise-worker.ts';
import { warmUpPdf } from './warm-up-pdf.ts';

/**
 * Started normalise workers kept for the next pool in this process. Starting one costs about a
 * third of a second of a core (Node's own start of a thread, pdf.js from its code cache
 * (load-pdfjs.ts) and the Markdown reader; the HTML reader waits for a web page), and a fresh worker reads its first pages several times
 * slower, before V8 has optimised pdf.js. So the app warms workers when it starts
 * (warmNormaliseWorkersAtStart: loaded, and a small PDF read once), and a closed pool hands its
 * idle workers back; a pool takes these before starting its own, even one still warming. A
 * worker left unused is stopped (WARM_FOR_MS after an import, WARM_AFTER_START_FOR_MS after the
 * app's start), so an idle app gives its memory back.
 */
const WARM_FOR_MS = 60_000;
/** Long enough for a user who opens the app to reach their first import; a warm worker holds about 60 MB. */
const WARM_AFTER_START_FOR_MS = 10 * 60_000;
/** More would only hold memory: pools use at most two workers by default. */
const MAX_WARM = 2;
/** The warm-up's request id: a pool numbers its files from 1, so a pool that takes a warming worker ignores this reply. */
const WARM_UP_ID = 0;

interface WarmWorker {
  worker: Worker;
  timer: NodeJS.Timeout;
  onGone: () => void;
}

/** A worker still loading or reading the warm-up PDF; `ready` once it has loaded its readers. */
interface WarmingWorker {
  worker: Worker;
  ready: boolean;
  /** Removes the warming's listeners (the worker is handed to a pool, or it died). */
  detach: () => void;
}

/** A worker a pool takes over; `ready` says it has already loaded its readers (else its `ready` message is still to come). */
export interface TakenWorker {
  worker: Worker;
  ready: boolean;
}

const warm: WarmWorker[] = [];
const warming: WarmingWorker[] = [];

/**
 * Keeps an idle, healthy worker (it answered its last file) for the next pool. Its listeners
 * must already be removed; it no longer keeps the process alive.
 */
export function keepWorkerWarm(worker: Worker, forMs = WARM_FOR_MS): void {
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
    }, forMs).unref(),
    // A worker that dies while parked (out of memory, killed) is simply not handed out.
    onGone: () => forget(entry),
  };
  worker.once('exit', entry.onGone);
  worker.once('error', entry.onGone);
  warm.push(entry);
}

/**
 * A kept worker, ready for its next file; else one still warming (its warm-up reply, id 0, is
 * for nobody); else undefined.
 */
export function takeWarmWorker(): TakenWorker | undefined {
  const entry = warm.pop();
  if (entry) {
    forget(entry);
    return { worker: entry.worker, ready: true };
  }
  const starting = warming.shift();
  if (!starting) return undefined;
  starting.detach();
  return { worker: starting.worker, ready: starting.ready };
}

/** How many workers are kept or warming (for tests). */
export function warmWorkerCount(): number {
  return warm.length + warming.length;
}

/**
 * Starts workers in the background until `count` are kept or warming, each reading a small
 * generated PDF once (nothing is written), then kept for WARM_AFTER_START_FOR_MS. Called when
 * the app starts (serve, Electron), so that the user's first import finds them warm. Resolves
 * when they are (or have failed: a worker that cannot start is left to the import to report).
 */
export function warmNormaliseWorkersAtStart(count: number): Promise<void> {
  const started: Promise<void>[] = [];
  while (warm.length + warming.length < Math.min(count, MAX_WARM)) started.push(warmOne());
  return Promise.all(started).then(() => undefined);
}

function warmOne(): Promise<void> {
  let worker: Worker;
  try {
    worker = startNormaliseWorker();
  } catch {
    return Promise.resolve();
  }
  // Warming never keeps the process alive: a command that ends does not wait for it.
  worker.unref();
  return new Promise<void>((resolve) => {
    const entry: WarmingWorker = {
      worker,
      ready: false,
      detach: () => {
        worker.off('message', onMessage);
        worker.off('error', onGone);
        worker.off('exit', onGone);
        const index = warming.indexOf(entry);
        if (index !== -1) warming.splice(index, 1);
        resolve();
      },
    };
    const onGone = () => {
      entry.detach();
      void worker.terminate();
    };
    const onMessage = (reply: NormaliseReply) => {
      if ('ready' in reply) {
        entry.ready = true;
        const bytes = warmUpPdf();
        worker.postMessage({ id: WARM_UP_ID, type: 'pdf', name: 'warm-up.pdf', bytes, blobRoot: null } satisfies NormaliseRequest, [bytes.buffer as ArrayBuffer]);
        return;
      }
      if (reply.id !== WARM_UP_ID) return;
      entry.detach();
      // A worker that could not read our own PDF is in no state to read the user's.
      if (reply.ok) keepWorkerWarm(worker, WARM_AFTER_START_FOR_MS);
      else void worker.terminate();
    };
    worker.on('message', onMessage);
    worker.once('error', onGone);
    worker.once('exit', onGone);
    warming.push(entry);
  });
}

function forget(entry: WarmWorker): void {
  clearTimeout(entry.timer);
  entry.worker.off('exit', entry.onGone);
  entry.worker.off('error', entry.onGone);
  const index = warm.indexOf(entry);
  if (index !== -1) warm.splice(index, 1);
}
