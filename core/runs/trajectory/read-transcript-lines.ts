import { createReadStream } from 'node:fs';
import type { Trajectory } from '../../../schemas/trajectory.ts';
import type { TranscriptParser } from './transcript-parser.ts';

/** A line longer than this is skipped, never assembled: V8 cannot hold a string of ~512 MiB at all. */
export const MAX_TRANSCRIPT_LINE_BYTES = 128 * 1024 * 1024;

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const CHUNK_BYTES = 1024 * 1024;

export interface TranscriptLineStats {
  /** Lines handed to `onLine` (blank ones included). */
  lines: number;
  bytes: number;
  /** The input did not end with a newline, so its last line may have been cut off. */
  partialLastLine: boolean;
  /** Lines over `maxLineBytes`, skipped: `{line, bytes}` with the 1-based line number. */
  oversizedLines: { line: number; bytes: number }[];
}

export type TranscriptSource = string | AsyncIterable<Uint8Array | string>;

/**
 * Splits a transcript into lines without ever holding the whole of it: reads 1 MiB chunks and
 * cuts them at 0x0A itself (a UTF-8 multi-byte character never contains that byte), so a line of
 * several MB costs one concatenation instead of readline's per-chunk string building. Lines are
 * handed over without their `\n` or `\r\n`; a UTF-8 byte-order mark at the start is dropped.
 * `source` is a file path or any stream of chunks (a child's stdout, a blob read stream).
 */
export async function readTranscriptLines(
  source: TranscriptSource,
  onLine: (line: string) => void,
  options: { maxLineBytes?: number } = {},
): Promise<TranscriptLineStats> {
  const maxLineBytes = options.maxLineBytes ?? MAX_TRANSCRIPT_LINE_BYTES;
  const stats: TranscriptLineStats = { lines: 0, bytes: 0, partialLastLine: false, oversizedLines: [] };
  const chunks = typeof source === 'string' ? createReadStream(source, { highWaterMark: CHUNK_BYTES }) : source;
  // The start of the current line when it began in an earlier chunk; `pendingBytes` counts it
  // even after an oversized line's pieces were dropped.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let oversized = false;
  let atStart = true;

  const emit = (buffer: Buffer, start: number, end: number) => {
    stats.lines++;
    if (oversized || pendingBytes + (end - start) > maxLineBytes) {
      stats.oversizedLines.push({ line: stats.lines, bytes: pendingBytes + (end - start) });
    } else {
      let line: Buffer | null = null;
      if (pending.length > 0) {
        pending.push(buffer.subarray(start, end));
        line = Buffer.concat(pending, pendingBytes + (end - start));
        start = 0;
        end = line.length;
      }
      const bytes = line ?? buffer;
      if (end > start && bytes[end - 1] === CARRIAGE_RETURN) end--;
      onLine(bytes.toString('utf8', start, end));
    }
    pending = [];
    pendingBytes = 0;
    oversized = false;
  };

  for await (const chunk of chunks) {
    let buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    stats.bytes += buffer.length;
    if (atStart && buffer.length > 0) {
      atStart = false;
      if (buffer.length >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) buffer = buffer.subarray(3);
    }
    let start = 0;
    for (let newline = buffer.indexOf(NEWLINE, start); newline !== -1; newline = buffer.indexOf(NEWLINE, start)) {
      emit(buffer, start, newline);
      start = newline + 1;
    }
    if (start < buffer.length) {
      const rest = buffer.length - start;
      if (!oversized && pendingBytes + rest > maxLineBytes) {
        oversized = true;
        pending = [];
      }
      // A chunk from a stream may be reused by its producer only if it says so; ours are not,
      // but keep a copy when the rest is small so a 1 MiB chunk is not pinned for a few bytes.
      if (!oversized) pending.push(rest < buffer.length / 4 ? Buffer.from(buffer.subarray(start)) : buffer.subarray(start));
      pendingBytes += rest;
    }
  }
  if (pendingBytes > 0 || oversized) {
    stats.partialLastLine = true;
    emit(Buffer.alloc(0), 0, 0);
  }
  return stats;
}

/**
 * Reads a transcript into a parser and returns its trajectory. Skipped oversized lines and a
 * missing final newline are recorded in the trajectory's warnings (the parser is told about the
 * latter through `partialLastLine`).
 */
export async function parseTranscript(parser: TranscriptParser, source: TranscriptSource, options: { maxLineBytes?: number } = {}): Promise<Trajectory> {
  const stats = await readTranscriptLines(source, (line) => parser.push(line), options);
  const trajectory = parser.finish({ partialLastLine: stats.partialLastLine });
  for (const { line, bytes } of stats.oversizedLines) {
    trajectory.warnings.push(`line ${line} was ${bytes} bytes, over the ${options.maxLineBytes ?? MAX_TRANSCRIPT_LINE_BYTES}-byte line limit, and was skipped`);
  }
  return trajectory;
}
