import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import type { Trajectory } from '../../../schemas/trajectory.ts';
import type { OpenRunFile } from '../run-file.ts';
import { startModuleWorker } from '../../start-module-worker.ts';
import { oversizedLineWarning, ParsedTranscriptLine } from './transcript-line.ts';
import type { TranscriptParser } from './transcript-parser.ts';
import type { WorkerJob, WorkerReply } from './transcript-segment-worker.ts';
import { parseSegment, segmentBoundaries, type SegmentResult } from './transcript-segments.ts';

/** Files smaller than this are read on one thread: a second one would not pay for itself. */
export const PARALLEL_MIN_BYTES = 32 * 1024 * 1024;
const SEGMENT_BYTES = 2 * 1024 * 1024;
/** How many segments the parsed-but-not-yet-taken results may run ahead of the parser. */
const AHEAD_LIMIT = 8;

interface SharedWorker {
  worker: Worker;
  busy: boolean;
  /** Resolves when the worker has loaded (true), or could not (false). */
  ready: Promise<boolean>;
  onReply: ((reply: Exclude<WorkerReply, { ready: true }>) => void) | null;
  onFailure: ((error: Error) => void) | null;
}

/**
 * One worker for the process, started on first use and kept (unref'd, so it never holds the
 * process open): a transcript parsed while it is busy, or after it failed, is read on one thread.
 */
let shared: SharedWorker | null | undefined;
let nextJobId = 1;

function sharedWorker(): SharedWorker | null {
  if (shared === undefined) {
    let worker: Worker | null;
    try {
      worker = startModuleWorker(import.meta.url, 'transcript-segment-worker');
    } catch {
      worker = null;
    }
    if (!worker) {
      shared = null;
      return null;
    }
    let loaded: (ok: boolean) => void = () => {};
    const entry: SharedWorker = { worker, busy: false, ready: new Promise((resolve) => (loaded = resolve)), onReply: null, onFailure: null };
    worker.on('message', (reply: WorkerReply) => {
      if (!('ready' in reply)) entry.onReply?.(reply);
      else {
        loaded(true);
        if (!entry.busy) worker.unref();
      }
    });
    const fail = (error: Error) => {
      shared = null; // never used again; the parse in flight finishes on the main thread
      loaded(false);
      entry.onFailure?.(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the transcript worker exited (code ${code})`)));
    // Idle and loaded, it must not hold the process open (it is unref'd on its ready message, after
    // the listeners: adding one refs it again); while loading or during a parse it is ref'd, or a
    // wait for it would let the process exit.
    shared = entry;
  }
  return shared && !shared.busy ? shared : null;
}

/**
 * Starts the parsing worker if it is not running and says when it is ready (false: unavailable,
 * and transcripts are parsed on one thread). A server can call it at start so the first
 * transcript it parses is not the one that waits for the worker to load.
 */
export async function transcriptWorkerReady(): Promise<boolean> {
  sharedWorker();
  return shared ? shared.ready : false;
}

/**
 * Parses a transcript file on two threads: the file is cut into ~2 MiB segments at line ends; this
 * thread and a worker each claim the next unclaimed segment from a shared counter and parse its
 * lines (reading, JSON and the cutting of long strings, the costly part), and this thread hands
 * every line to the parser in file order, so the trajectory is exactly the one-thread result.
 * The worker joins when it is ready (it starts on first use) and drops out if it fails; whatever
 * it claimed and did not deliver is parsed here. A run file the engine opened (`OpenRunFile`) is
 * read up to its capped size and stays open for the caller to close; the worker opens it again
 * without following a link and parses only if it found the same file.
 */
export async function parseTranscriptInParallel(
  parser: TranscriptParser,
  source: string | OpenRunFile,
  options: { maxLineBytes: number; onFinished?: (split: { segments: number; parsedByWorker: number }) => void },
): Promise<Trajectory> {
  const opened = typeof source === 'string' ? undefined : source;
  const path = opened ? opened.path : (source as string);
  const fd = opened ? opened.fd : openSync(path, 'r');
  const helper = sharedWorker();
  const jobId = nextJobId++;
  const counters = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
  try {
    const stat = fstatSync(fd);
    const size = opened ? opened.size : stat.size;
    const boundaries = segmentBoundaries(fd, size, SEGMENT_BYTES);
    const segments = boundaries.length - 1;
    const job = { unreadKeys: parser.unreadKeys ? [...parser.unreadKeys] : [], maxLineBytes: options.maxLineBytes };
    const ready = new Map<number, SegmentResult>();
    const mine = new Set<number>();
    /** Segments the worker claimed and handed back unparsed (segmentIsDense): parsed here when their turn comes. */
    const handedBack = new Set<number>();
    let helperDone = helper === null;
    let wake: (() => void) | null = null;
    const wakeUp = () => {
      const resume = wake;
      wake = null;
      resume?.();
    };
    if (helper) {
      helper.busy = true;
      helper.worker.ref();
      helper.onReply = (reply) => {
        if (reply.jobId !== jobId) return;
        if ('segment' in reply) {
          if (reply.result) ready.set(reply.segment, reply.result);
          else handedBack.add(reply.segment);
        }
        else helperDone = true;
        wakeUp();
      };
      helper.onFailure = () => {
        helperDone = true;
        wakeUp();
      };
      helper.worker.postMessage({ ...job, jobId, path, file: { dev: stat.dev, ino: stat.ino, noFollow: opened !== undefined }, boundaries, counters: counters.buffer as SharedArrayBuffer, aheadLimit: AHEAD_LIMIT } satisfies WorkerJob);
    }

    let lineNumber = 0;
    const oversized: { line: number; bytes: number }[] = [];
    for (let next = 0; next < segments; ) {
      if (handedBack.delete(next)) {
        mine.add(next);
        ready.set(next, parseSegment(fd, boundaries[next]!, boundaries[next + 1]!, job));
      }
      const result = ready.get(next);
      if (result) {
        ready.delete(next);
        for (const { index, bytes } of result.oversized) oversized.push({ line: lineNumber + index + 1, bytes });
        lineNumber += result.lineCount;
        for (const line of result.lines) parser.push(new ParsedTranscriptLine(line, fd));
        next++;
        Atomics.store(counters, 1, next);
        Atomics.notify(counters, 1);
        continue;
      }
      const claimable = Atomics.load(counters, 0) < segments && Atomics.load(counters, 0) - next <= AHEAD_LIMIT;
      if (claimable) {
        const segment = Atomics.add(counters, 0, 1);
        if (segment < segments) {
          mine.add(segment);
          ready.set(segment, parseSegment(fd, boundaries[segment]!, boundaries[segment + 1]!, job));
          // Let the worker's posted results in before the next segment.
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
        continue;
      }
      if (helperDone) {
        // The worker is gone (or finished) without this segment: parse it here.
        if (!mine.has(next)) {
          mine.add(next);
          ready.set(next, parseSegment(fd, boundaries[next]!, boundaries[next + 1]!, job));
        }
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
    options.onFinished?.({ segments, parsedByWorker: segments - mine.size });
    const trajectory = parser.finish({ partialLastLine: size > 0 && !endsWithNewline(fd, size) });
    for (const { line, bytes } of oversized) {
      trajectory.warnings.push(oversizedLineWarning(line, bytes, options.maxLineBytes));
    }
    return trajectory;
  } finally {
    // Stops the worker's part of a parse that ended early (a parser that threw); a no-op otherwise.
    Atomics.store(counters, 2, 1);
    Atomics.notify(counters, 1);
    if (helper) {
      helper.onReply = null;
      helper.onFailure = null;
      helper.busy = false;
      void helper.ready.then(() => {
        if (!helper.busy) helper.worker.unref();
      });
    }
    if (!opened) closeSync(fd);
  }
}

function endsWithNewline(fd: number, size: number): boolean {
  const last = Buffer.alloc(1);
  return readSync(fd, last, 0, 1, size - 1) === 1 && last[0] === 0x0a;
}
