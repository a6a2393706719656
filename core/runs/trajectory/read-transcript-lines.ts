import { createReadStream, statSync } from 'node:fs';
import type { Trajectory } from '../../../schemas/trajectory.ts';
import { runFileChunks, type OpenRunFile } from '../run-file.ts';
import { decodeUtf8 } from './lean-json.ts';
import { PARALLEL_MIN_BYTES, parseTranscriptInParallel } from './parse-transcript-in-parallel.ts';
import { oversizedLineWarning, RAW_LINE_MIN_BYTES, RawTranscriptLine, type TranscriptLine } from './transcript-line.ts';
import type { TranscriptParser } from './transcript-parser.ts';

/** A line longer than this is skipped, never assembled: V8 cannot hold a string of ~512 MiB at all. */
export const MAX_TRANSCRIPT_LINE_BYTES = 128 * 1024 * 1024;

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

/** A file path, a run file the engine opened (read up to its capped size), or any stream of chunks. */
export type TranscriptSource = string | OpenRunFile | AsyncIterable<Uint8Array | string>;

const isOpenRunFile = (source: TranscriptSource): source is OpenRunFile => typeof source === 'object' && 'fd' in source;

export interface LineSplitter {
  write(chunk: Uint8Array): void;
  /** Hands over a last line without a newline, and returns the counts. */
  end(): TranscriptLineStats;
}

/**
 * Cuts bytes into lines at 0x0A itself (a UTF-8 multi-byte character never contains that byte),
 * so a line of several MB costs one concatenation instead of readline's per-chunk string
 * building. Lines are handed over without their `\n` or `\r\n`, as text, or as bytes when they are
 * RAW_LINE_MIN_BYTES or longer (a parser then decodes only what it keeps); a UTF-8 byte-order mark
 * at the start is dropped; a line over `maxLineBytes` is counted and skipped, never assembled.
 * (A reader thread handing decoded lines to this one was tried and was slower: copying ~200 MB of
 * strings across costs more than it saves. A large file is instead parsed in segments on two
 * threads, each doing the costly part itself: parse-transcript-in-parallel.ts.)
 */
export function createLineSplitter(onLine: (line: TranscriptLine) => void, maxLineBytes: number): LineSplitter {
  const stats: TranscriptLineStats = { lines: 0, bytes: 0, partialLastLine: false, oversizedLines: [] };
  // The start of the current line when it began in an earlier chunk; `pendingBytes` counts it
  // even after an oversized line's pieces were dropped.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let oversized = false;

  function emit(buffer: Buffer, start: number, end: number): void {
    stats.lines++;
    if (oversized || pendingBytes + (end - start) > maxLineBytes) {
      stats.oversizedLines.push({ line: stats.lines, bytes: pendingBytes + (end - start) });
    } else {
      let bytes = buffer;
      if (pending.length > 0) {
        pending.push(buffer.subarray(start, end));
        bytes = Buffer.concat(pending, pendingBytes + (end - start));
        start = 0;
        end = bytes.length;
      }
      if (end > start && bytes[end - 1] === 0x0d) end--;
      if (stats.lines === 1 && end - start >= 3 && bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf) start += 3;
      onLine(end - start >= RAW_LINE_MIN_BYTES ? new RawTranscriptLine(bytes, start, end) : decodeUtf8(bytes, start, end));
    }
    pending = [];
    pendingBytes = 0;
    oversized = false;
  }

  return {
    write(chunk) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      stats.bytes += buffer.length;
      let start = 0;
      for (let newline = buffer.indexOf(0x0a, start); newline !== -1; newline = buffer.indexOf(0x0a, start)) {
        emit(buffer, start, newline);
        start = newline + 1;
      }
      if (start < buffer.length) {
        const rest = buffer.length - start;
        if (!oversized && pendingBytes + rest > maxLineBytes) {
          oversized = true;
          pending = [];
        }
        // Copy a small rest, so a 1 MiB chunk is not pinned for the few bytes of a line's start.
        if (!oversized) pending.push(rest < buffer.length / 4 ? Buffer.from(buffer.subarray(start)) : buffer.subarray(start));
        pendingBytes += rest;
      }
    },
    end() {
      if (pendingBytes > 0 || oversized) {
        stats.partialLastLine = true;
        emit(Buffer.alloc(0), 0, 0);
      }
      return stats;
    },
  };
}

/**
 * Splits a transcript into lines without ever holding the whole of it: reads 1 MiB chunks and
 * cuts them with createLineSplitter. `source` is a file path or any stream of chunks (a child's
 * stdout, a blob read stream).
 */
export async function readTranscriptLines(
  source: TranscriptSource,
  onLine: (line: TranscriptLine) => void,
  options: { maxLineBytes?: number } = {},
): Promise<TranscriptLineStats> {
  const splitter = createLineSplitter(onLine, options.maxLineBytes ?? MAX_TRANSCRIPT_LINE_BYTES);
  const chunks = typeof source === 'string' ? createReadStream(source, { highWaterMark: CHUNK_BYTES }) : isOpenRunFile(source) ? runFileChunks(source, CHUNK_BYTES) : source;
  for await (const chunk of chunks) splitter.write(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  return splitter.end();
}

/**
 * Reads a transcript into a parser and returns its trajectory. Skipped oversized lines and a
 * missing final newline are recorded in the trajectory's warnings (the parser is told about the
 * latter through `partialLastLine`).
 */
export async function parseTranscript(parser: TranscriptParser, source: TranscriptSource, options: { maxLineBytes?: number } = {}): Promise<Trajectory> {
  if ((typeof source === 'string' || isOpenRunFile(source)) && (isOpenRunFile(source) ? source.size : fileSize(source)) >= PARALLEL_MIN_BYTES) {
    return parseTranscriptInParallel(parser, source, { maxLineBytes: options.maxLineBytes ?? MAX_TRANSCRIPT_LINE_BYTES });
  }
  const stats = await readTranscriptLines(source, (line) => parser.push(line), options);
  const trajectory = parser.finish({ partialLastLine: stats.partialLastLine });
  for (const { line, bytes } of stats.oversizedLines) {
    trajectory.warnings.push(oversizedLineWarning(line, bytes, options.maxLineBytes ?? MAX_TRANSCRIPT_LINE_BYTES));
  }
  return trajectory;
}

/** The size of the file at `path`, or -1 when it cannot be read (the reader then says why). */
function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return -1;
  }
}
