import { parseLineBytes, readFully, type ParsedLine } from './transcript-line.ts';

/**
 * A transcript file cut into segments at line ends, so two threads can read and parse segments
 * at once while the parser takes their lines in order (parse-transcript-in-parallel.ts).
 */

export interface SegmentJob {
  unreadKeys: string[];
  maxLineBytes: number;
}

/**
 * A segment whose lines average fewer bytes than this is parsed by the thread that hands its lines
 * to the parser: copying tens of thousands of small parsed lines from the worker cost more time
 * than parsing them, and held them twice (a 100 MB transcript of one-line steps peaked at 560 MB
 * parsed on two threads, 280 MB on one).
 */
export const DENSE_LINE_BYTES = 512;

/** Whether [start, end) holds more lines than a segment worth sending between threads (see DENSE_LINE_BYTES). */
export function segmentIsDense(fd: number, start: number, end: number): boolean {
  const bytes = segmentBuffer(end - start);
  const length = readFully(fd, bytes, start);
  const most = Math.floor(length / DENSE_LINE_BYTES);
  let lines = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1 && at < length; at = bytes.indexOf(0x0a, at + 1)) {
    if (++lines > most) return true;
  }
  return false;
}

export interface SegmentResult {
  lines: ParsedLine[];
  /** Lines over maxLineBytes, skipped: their index among this segment's lines, and their length. */
  oversized: { index: number; bytes: number }[];
  /** Every line of the segment, the oversized ones included. */
  lineCount: number;
}

/**
 * The thread's segment buffer, reused: parsed lines hold no reference to it (their text is copied
 * out), and a fresh 4 MiB buffer per segment costs page faults and collections. Its own
 * ArrayBuffer (not the pool's), so the word-at-a-time scanning starts aligned.
 */
let reusable = Buffer.allocUnsafeSlow(0);
const KEPT_BUFFER_BYTES = 16 * 1024 * 1024;
function segmentBuffer(size: number): Buffer {
  if (size > KEPT_BUFFER_BYTES) return Buffer.allocUnsafeSlow(size); // a segment of one huge line: not kept
  if (reusable.length < size) reusable = Buffer.allocUnsafeSlow(Math.max(size, 2 * reusable.length));
  return reusable.subarray(0, size);
}

/**
 * Segment starts: 0, then the byte after the first newline at or past each multiple of
 * `segmentBytes` (a line longer than a segment stays whole in one), and the file's size last.
 */
export function segmentBoundaries(fd: number, size: number, segmentBytes: number): number[] {
  const boundaries = [0];
  const window = Buffer.allocUnsafe(64 * 1024);
  let from = segmentBytes;
  while (from < size) {
    let found = -1;
    for (let at = from; at < size && found === -1; at += window.length) {
      const read = readFully(fd, window, at);
      const newline = window.subarray(0, read).indexOf(0x0a);
      if (newline !== -1) found = at + newline + 1;
      if (read < window.length) break;
    }
    if (found === -1 || found >= size) break;
    boundaries.push(found);
    from = Math.max(found, from + segmentBytes);
  }
  boundaries.push(size);
  return boundaries;
}

/**
 * Reads the lines of [start, end) and parses each as parseJsonLine would (with the parser's
 * unread keys), cutting lines as createLineSplitter does: without `\n` or `\r\n`, a byte-order mark
 * at the file's start dropped, a line over maxLineBytes counted and skipped.
 */
export function parseSegment(fd: number, start: number, end: number, job: SegmentJob): SegmentResult {
  const bytes = segmentBuffer(end - start);
  const length = readFully(fd, bytes, start);
  const unreadKeys = job.unreadKeys.length > 0 ? new Set(job.unreadKeys) : undefined;
  const result: SegmentResult = { lines: [], oversized: [], lineCount: 0 };
  let lineStart = 0;
  if (start === 0 && length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) lineStart = 3;
  while (lineStart < length) {
    const newline = bytes.indexOf(0x0a, lineStart);
    const next = newline === -1 ? length : newline + 1;
    let lineEnd = newline === -1 ? length : newline;
    const index = result.lineCount++;
    if (lineEnd - lineStart > job.maxLineBytes) {
      result.oversized.push({ index, bytes: lineEnd - lineStart });
    } else {
      if (lineEnd > lineStart && bytes[lineEnd - 1] === 0x0d) lineEnd--;
      result.lines.push(parseLineBytes(bytes, lineStart, lineEnd, start, unreadKeys));
    }
    lineStart = next;
  }
  return result;
}
