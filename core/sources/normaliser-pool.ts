// First: it keeps the natives that loading pdf.js replaces (the in-thread reader loads it here).
import { restoreNativeBuiltins } from './native-builtins.ts';
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { SourceType } from '../../schemas/sources.ts';
import type { KeptSource } from './normalised-source.ts';
import type { NormaliseReply, NormaliseRequest } from './normalise-worker.ts';
import { failureKind, SourceImportError, SourceStorageError, type NormaliseFailure } from './source-errors.ts';
import { startNormaliseWorker } from './start-normalise-worker.ts';
import { keepWorkerWarm, takeWarmWorker } from './warm-normalise-workers.ts';

/** Turns files into indexed sources, in worker threads or (workers: 0) in this thread. */
export interface SourceNormaliser {
  /**
   * Rejects with SourceImportError for a file that cannot be read, SourceStorageError when its
   * blobs cannot be written, or the signal's reason when cancelled.
   */
  normalise(type: SourceType, bytes: Uint8Array, name: string, signal?: AbortSignal, options?: NormaliseCallOptions): Promise<KeptSource>;
  close(): Promise<void>;
}

export interface NormaliseCallOptions {
  /**
   * Hand the bytes' memory to the worker instead of copying it (a 200 MB file is then held
   * once, not twice); the caller's `bytes` are empty afterwards. Only when they are a whole,
   * unshared buffer; otherwise they are copied as usual.
   */
  transfer?: boolean;
}

/** One worker per core, at most two by default: this machine class has two, and PDFs are CPU-bound. */
export const DEFAULT_NORMALISER_WORKERS = Math.max(1, Math.min(2, availableParallelism()));

export interface NormaliserOptions {
  /** The workspace's blob folder: each file and its Markdown are written there as they are read. */
  blobRoot?: string;
  /** How long one file may take to read (default readTimeoutMs); only worker threads can be stopped. */
  timeoutMs?: (sizeBytes: number) => number;
}

export function createNormaliser(workers: number = DEFAULT_NORMALISER_WORKERS, options: NormaliserOptions = {}): SourceNormaliser {
  const blobRoot = options.blobRoot ?? null;
  return workers > 0 ? new NormaliserPool(workers, blobRoot, options.timeoutMs ?? readTimeoutMs) : inProcessNormaliser(blobRoot);
}

function inProcessNormaliser(blobRoot: string | null): SourceNormaliser {
  return {
    async normalise(type, bytes, name, signal) {
      signal?.throwIfAborted();
      const { normaliseAndKeep } = await import('./normalise-and-keep.ts');
      restoreNativeBuiltins();
      try {
        return await normaliseAndKeep(type, bytes, name, blobRoot);
      } catch (error) {
        throw failureError({ type, name }, failureKind(error), error instanceof Error ? error.message : String(error));
      }
    },
    close: async () => undefined,
  };
}

/** How long one file may take to read before its worker is stopped (the error says it timed out; it does not blame the file). */
export function readTimeoutMs(sizeBytes: number): number {
  return 120_000 + Math.ceil(sizeBytes / 1_048_576) * 10_000;
}

interface Task {
  id: number;
  request: NormaliseRequest & { sizeBytes: number };
  transfer: boolean;
  resolve: (result: KeptSource) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker | undefined;
  /** The worker has loaded its readers (or came warm from the last pool). */
  ready: boolean;
  task: Task | undefined;
}

/**
 * A fixed number of worker threads (normalise-worker.ts), all started when the pool is made (or
 * taken from those the app warmed at its start or the last pool kept, warm-normalise-workers.ts), so that they load pdf.js while the first
 * files are read and hashed, each reading one file at a time. A worker that
 * crashes, runs out of memory or overruns its time is replaced, and only its file fails;
 * cancelling a file stops the worker reading it. Closing hands idle workers on to the next pool.
 */
class NormaliserPool implements SourceNormaliser {
  readonly #slots: Slot[];
  readonly #queue: Task[] = [];
  #nextId = 1;
  #closed = false;

  readonly #blobRoot: string | null;
  readonly #timeoutMs: (sizeBytes: number) => number;

  constructor(size: number, blobRoot: string | null, timeoutMs: (sizeBytes: number) => number) {
    this.#blobRoot = blobRoot;
    this.#timeoutMs = timeoutMs;
    this.#slots = Array.from({ length: size }, () => ({ worker: undefined, ready: false, task: undefined }));
    try {
      for (const slot of this.#slots) {
        slot.worker = this.#spawn(slot);
        // Idle until its first file, it does not keep the process alive.
        slot.worker.unref();
      }
    } catch {
      // The worker's file is missing (a broken build): each file's read says so when it comes.
    }
  }

  normalise(type: SourceType, bytes: Uint8Array, name: string, signal?: AbortSignal, options: NormaliseCallOptions = {}): Promise<KeptSource> {
    if (this.#closed) return Promise.reject(new Error('The normaliser pool is closed.'));
    signal?.throwIfAborted();
    return new Promise<KeptSource>((resolve, reject) => {
      const transfer = options.transfer === true && bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const request = { id: 0, type, name, bytes, blobRoot: this.#blobRoot, sizeBytes: bytes.byteLength };
      const task: Task = { id: this.#nextId++, request, transfer, resolve, reject, signal, onAbort: () => this.#abort(task) };
      task.request.id = task.id;
      signal?.addEventListener('abort', task.onAbort, { once: true });
      this.#queue.push(task);
      this.#dispatch();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const stopped = () => new Error('The import stopped before this file was read.');
    for (const task of this.#queue.splice(0)) this.#settle(task, () => task.reject(stopped()));
    const busy = this.#slots.filter((slot) => slot.task !== undefined);
    for (const slot of busy) {
      const task = slot.task!;
      slot.task = undefined;
      this.#settle(task, () => task.reject(stopped()));
    }
    // An idle worker answered its last file and is ready for the next: keep it for the next
    // import. One stopped mid-file is in an unknown state and is replaced; one still loading
    // its readers is stopped, so that a failure to start is never blamed on a later file.
    const stopping = this.#slots.filter((slot) => busy.includes(slot) || !slot.ready);
    for (const slot of this.#slots) {
      if (stopping.includes(slot) || !slot.worker) continue;
      const worker = slot.worker;
      slot.worker = undefined;
      for (const event of ['message', 'error', 'exit'] as const) worker.removeAllListeners(event);
      keepWorkerWarm(worker);
    }
    await Promise.all(stopping.map((slot) => this.#retire(slot)));
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (slot.task || this.#queue.length === 0) continue;
      const task = this.#queue.shift()!;
      slot.worker ??= this.#spawn(slot);
      slot.task = task;
      slot.worker.ref();
      const limit = this.#timeoutMs(task.request.sizeBytes);
      task.timer = setTimeout(() => this.#fail(slot, timeoutError(task, limit)), limit);
      slot.worker.postMessage(task.request, task.transfer ? [task.request.bytes.buffer as ArrayBuffer] : []);
    }
  }

  #spawn(slot: Slot): Worker {
    const warm = takeWarmWorker();
    const worker = warm?.worker ?? startNormaliseWorker();
    // Events from a worker this slot has already retired (terminated on purpose) are ignored.
    slot.ready = warm?.ready ?? false;
    worker.on('message', (reply: NormaliseReply) => {
      if ('ready' in reply) {
        if (slot.worker === worker) slot.ready = true;
        return;
      }
      const task = slot.task;
      if (slot.worker !== worker || !task || task.id !== reply.id) return;
      slot.task = undefined;
      worker.unref();
      this.#settle(task, () => (reply.ok ? task.resolve(reply.result) : task.reject(failureError(task.request, reply.failure, reply.message))));
      this.#dispatch();
    });
    worker.on('error', (error) => {
      if (slot.worker === worker) this.#fail(slot, slot.ready ? crashError(slot.task?.request, error) : startError(error));
    });
    worker.on('exit', (code) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      if (!slot.task) return;
      const name = slot.task.request.name;
      this.#fail(slot, slot.ready ? new SourceImportError(`${name} stopped the document reader (it exited with code ${code}); the file may be damaged: save a fresh copy and import it again.`) : startError(new Error(`it exited with code ${code}`)));
    });
    return worker;
  }

  /** Ends the slot's task with `error` and replaces its worker, whose state is now unknown. */
  #fail(slot: Slot, error: unknown): void {
    const task = slot.task;
    slot.task = undefined;
    void this.#retire(slot);
    if (task) this.#settle(task, () => task.reject(error));
    this.#dispatch();
  }

  #abort(task: Task): void {
    const queued = this.#queue.indexOf(task);
    if (queued !== -1) {
      this.#queue.splice(queued, 1);
      this.#settle(task, () => task.reject(task.signal?.reason));
      return;
    }
    const slot = this.#slots.find((s) => s.task === task);
    if (slot) this.#fail(slot, task.signal?.reason);
  }

  async #retire(slot: Slot): Promise<void> {
    const worker = slot.worker;
    slot.worker = undefined;
    if (worker) await worker.terminate();
  }

  #settle(task: Task, settle: () => void): void {
    clearTimeout(task.timer);
    task.signal?.removeEventListener('abort', task.onAbort);
    settle();
  }
}

function failureError(file: { type: SourceType; name: string }, failure: NormaliseFailure, message: string): Error {
  if (failure === 'file') return new SourceImportError(message);
  if (failure === 'storage') return new SourceStorageError(message);
  return new SourceImportError(
    `${file.name} could not be converted (${message}). This looks like a bug in LH-Bench Studio's ${file.type} reader; please report it, with the file if you can share it.`,
  );
}

function crashError(request: NormaliseRequest | undefined, error: Error): SourceImportError {
  const name = request?.name ?? 'A file';
  if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new SourceImportError(`${name} needs more memory to read than this machine allows; split it into smaller files and import those.`);
  }
  return new SourceImportError(`${name} stopped the document reader (${error.message}); the file may be damaged: save a fresh copy and import it again.`);
}

/** The worker itself could not load (a broken install or build): no file is to blame. */
function startError(error: Error): Error {
  return new Error(`The document reader could not start (${error.message}); rebuild or reinstall LH-Bench Studio (npm run build), then import again.`);
}

/** A time-out is the reader's limit, not a verdict on the file: say so, and what was kept. */
function timeoutError(task: Task, limitMs: number): SourceImportError {
  const seconds = Math.max(1, Math.round(limitMs / 1000));
  const size = (task.request.sizeBytes / 1_048_576).toFixed(1);
  return new SourceImportError(
    `${task.request.name} timed out: reading it (${size} MB) took longer than the ${seconds} s limit and was stopped, so it was not imported (other files were not affected). Try again when the machine is less busy, or split the file into smaller parts and import those.`,
  );
}
