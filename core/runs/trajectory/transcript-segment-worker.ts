import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { parseSegment, segmentIsDense, type SegmentJob } from './transcript-segments.ts';

/**
 * The second thread of parse-transcript-in-parallel.ts. For each job it claims segments from the
 * shared counter (the main thread claims from the same one), parses them, and posts each result;
 * it stays a few segments ahead of what the parser has taken at most, so memory stays bounded.
 */

export interface WorkerJob extends SegmentJob {
  jobId: number;
  path: string;
  /** The file the main thread opened: the worker parses only that one (a run file it opens without following a link). */
  file: { dev: number; ino: number; noFollow: boolean };
  boundaries: number[];
  /** Int32 [next segment to claim, segments the parser has taken, job cancelled]. */
  counters: SharedArrayBuffer;
  aheadLimit: number;
}

export type WorkerReply =
  | { ready: true }
  /** `result` null: the segment's lines are too many and small to be worth sending; the main thread parses it. */
  | { jobId: number; segment: number; result: ReturnType<typeof parseSegment> | null }
  | { jobId: number; done: true; error?: string };

const port = parentPort;
if (port) {
  port.postMessage({ ready: true } satisfies WorkerReply);
  port.on('message', (job: WorkerJob) => {
    const counters = new Int32Array(job.counters);
    const segments = job.boundaries.length - 1;
    let fd = -1;
    try {
      fd = openSync(job.path, constants.O_RDONLY | constants.O_NONBLOCK | (job.file.noFollow ? constants.O_NOFOLLOW : 0));
      const stat = fstatSync(fd);
      if (!stat.isFile() || stat.dev !== job.file.dev || stat.ino !== job.file.ino) throw new Error(`${job.path} is no longer the file being parsed`);
      for (;;) {
        if (Atomics.load(counters, 2) !== 0) break;
        const segment = Atomics.add(counters, 0, 1);
        if (segment >= segments) break;
        for (let taken = Atomics.load(counters, 1); segment - taken > job.aheadLimit && Atomics.load(counters, 2) === 0; taken = Atomics.load(counters, 1)) {
          Atomics.wait(counters, 1, taken, 50);
        }
        const [start, end] = [job.boundaries[segment]!, job.boundaries[segment + 1]!];
        const result = segmentIsDense(fd, start, end) ? null : parseSegment(fd, start, end, job);
        port.postMessage({ jobId: job.jobId, segment, result } satisfies WorkerReply);
      }
      port.postMessage({ jobId: job.jobId, done: true } satisfies WorkerReply);
    } catch (error) {
      port.postMessage({ jobId: job.jobId, done: true, error: error instanceof Error ? error.message : String(error) } satisfies WorkerReply);
    } finally {
      if (fd !== -1) closeSync(fd);
    }
  });
}
