import { readSync } from 'node:fs';
import { MAX_TOOL_RESULT_CHARS } from '../../../schemas/trajectory.ts';
import { decodeUtf8, parseLeanJson } from './lean-json.ts';

/**
 * A line of a transcript as the line reader hands it over: short lines as text, long ones as
 * their bytes, so that a parser can read a multi-megabyte JSON event without decoding the parts
 * the trajectory does not keep (see lean-json.ts).
 */
export class RawTranscriptLine {
  constructor(
    readonly bytes: Buffer,
    readonly start: number,
    readonly end: number,
  ) {}

  get byteLength(): number {
    return this.end - this.start;
  }

  /** The whole line decoded: for the rare long line that is not JSON (kept as text or quoted in a warning). */
  text(): string {
    return decodeUtf8(this.bytes, this.start, this.end);
  }
}

/**
 * A line another thread already parsed (parse-transcript-in-parallel.ts): its JSON value, or
 * `json: false` when it is not JSON, and where it lies in the file, so its text is read back
 * only if a parser asks for it.
 */
export class ParsedTranscriptLine {
  constructor(
    readonly parsed: ParsedLine,
    private readonly fd: number,
  ) {}

  text(): string {
    const { start, end } = this.parsed;
    const bytes = Buffer.allocUnsafe(end - start);
    return decodeUtf8(bytes, 0, readFully(this.fd, bytes, start));
  }
}

/** What ParsedTranscriptLine holds: plain data, so it crosses between threads as is. */
export interface ParsedLine {
  /** The first non-space character's code, or -1 for a blank line. */
  first: number;
  json: boolean;
  value: unknown;
  /** The line's bytes in the file (without its newline). */
  start: number;
  end: number;
}

export type TranscriptLine = string | RawTranscriptLine | ParsedTranscriptLine;

/** Fills `into` from the file at `position`, as far as the file goes; returns how many bytes were read. */
export function readFully(fd: number, into: Buffer, position: number): number {
  let read = 0;
  while (read < into.length) {
    const got = readSync(fd, into, read, into.length - read, position + read);
    if (got === 0) break;
    read += got;
  }
  return read;
}

/** The warning a trajectory gets for a line the reader skipped as too long. */
export const oversizedLineWarning = (line: number, bytes: number, maxLineBytes: number): string =>
  `line ${line} was ${bytes} bytes, over the ${maxLineBytes}-byte line limit, and was skipped`;

/** A line read from bytes as parseJsonLine would read it: plain data another thread can hand over. */
export function parseLineBytes(bytes: Buffer, start: number, end: number, fileOffset: number, unreadKeys?: ReadonlySet<string>): ParsedLine {
  const line: TranscriptLine = end - start >= RAW_LINE_MIN_BYTES ? new RawTranscriptLine(bytes, start, end) : decodeUtf8(bytes, start, end);
  const first = firstNonSpace(line);
  const parsed: ParsedLine = { first, json: false, value: undefined, start: fileOffset + start, end: fileOffset + end };
  if (first === -1) return parsed;
  try {
    parsed.value = parseJsonLine(line, unreadKeys);
    parsed.json = true;
  } catch {
    // Not JSON: the parser decides what that means, and reads the text back if it needs it.
  }
  return parsed;
}

/** Lines at least this long are handed over as bytes. */
export const RAW_LINE_MIN_BYTES = 8 * 1024;

export function lineText(line: TranscriptLine): string {
  return typeof line === 'string' ? line : line.text();
}

const notJson = () => new SyntaxError('The line is not JSON');

const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;

/** The character code of the line's first non-space character, or -1 for a blank line. */
export function firstNonSpace(line: TranscriptLine): number {
  if (line instanceof ParsedTranscriptLine) return line.parsed.first;
  if (typeof line === 'string') {
    for (let i = 0; i < line.length; i++) if (!isSpace(line.charCodeAt(i))) return line.charCodeAt(i);
    return -1;
  }
  for (let i = line.start; i < line.end; i++) if (!isSpace(line.bytes[i]!)) return line.bytes[i]!;
  return -1;
}

/**
 * The line's JSON value, with every string over MAX_TOOL_RESULT_CHARS already cut as capText cuts
 * it (a line over that length is read by parseLeanJson, whichever form it came in, so a parser
 * sees the same values either way). Long strings under `unreadKeys` may be left unread (a line
 * parsed on another thread was read with its parser's `unreadKeys`). Throws a SyntaxError when
 * the line is not JSON.
 */
export function parseJsonLine(line: TranscriptLine, unreadKeys?: ReadonlySet<string>): unknown {
  if (line instanceof ParsedTranscriptLine) {
    if (!line.parsed.json) throw notJson();
    return line.parsed.value;
  }
  if (typeof line === 'string') {
    if (line.length <= MAX_TOOL_RESULT_CHARS) return JSON.parse(line);
    const bytes = Buffer.from(line, 'utf8');
    return parseLeanJson(bytes, 0, bytes.length, { maxStringChars: MAX_TOOL_RESULT_CHARS, unreadKeys });
  }
  return parseLeanJson(line.bytes, line.start, line.end, { maxStringChars: MAX_TOOL_RESULT_CHARS, unreadKeys });
}
