import { isAscii, isUtf8 } from 'node:buffer';
import { capLayout, capText } from './bounded-text.ts';

/**
 * JSON.parse for one long transcript line held as UTF-8 bytes, that never decodes what the
 * trajectory will not keep. A harness's tool result can be megabytes (a whole build log, a bundle
 * read back), and the trajectory keeps only its first and last characters (capText). Decoding and
 * parsing those megabytes is most of what reading a transcript costs, so this reader finds each
 * string's end in the bytes (a byte search for `"`, checking the backslashes before it), counts a
 * long string's characters without building it, and hands JSON.parse the line with every string
 * over `maxStringChars` already cut to the head, marker and tail capText would give it.
 *
 * The result equals `capStrings(JSON.parse(text))` for any valid JSON line (tests check this on
 * generated and real lines), with two differences a reader never sees: strings under an
 * `unreadKeys` key that are over UNREAD_MIN_BYTES are replaced by a short marker, and the inside
 * of a string over `maxStringChars` is not validated (a stray control character there is kept, not
 * refused). A line that is not JSON throws a SyntaxError, as JSON.parse does.
 */
export interface LeanJsonOptions {
  /** A string longer than this many UTF-16 code units is kept as capText keeps it. */
  maxStringChars: number;
  /**
   * Keys whose values the caller never reads beyond their short fields (Claude Code's
   * `tool_use_result` repeats the tool's whole output): long strings anywhere under them are
   * replaced by `[… N bytes not read …]` without being decoded.
   */
  unreadKeys?: ReadonlySet<string>;
}

/** A string under an unread key at most this long (in bytes) is kept: flags and names stay readable. */
export const UNREAD_MIN_BYTES = 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LETTER_U = 0x75;
const COLON = 0x3a;
const EMPTY_WORDS = new Int32Array(0);

/** The text of UTF-8 bytes; ASCII (most of a transcript) is copied as Latin-1, which skips UTF-8 validation. */
export function decodeUtf8(bytes: Buffer, start: number, end: number): string {
  if (end <= start) return '';
  return isAscii(bytes.subarray(start, end)) ? bytes.toString('latin1', start, end) : bytes.toString('utf8', start, end);
}

/** The sum of the four flag bits (bit 7 of each byte) of a 32-bit word. */
const countFlags = (flags: number): number => Math.imul(flags >>> 7, 0x01010101) >>> 24;

/** How many backslashes stand right before `at`, not reaching back past the string body's start. */
function backslashesBefore(bytes: Buffer, bodyStart: number, at: number): number {
  let run = 0;
  for (let i = at - 1; i >= bodyStart && bytes[i] === BACKSLASH; i--) run++;
  return run;
}

/** Whether the backslash at `at` starts an escape: the run of backslashes ending there has odd length. */
const startsEscape = (bytes: Buffer, bodyStart: number, at: number): boolean => backslashesBefore(bytes, bodyStart, at + 1) % 2 === 1;

/** Whether this machine stores a 32-bit word's first byte lowest, as the word-at-a-time counting assumes. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

// The counts of countStringUnits, kept at module level so its byte-at-a-time helper needs no closure.
let escapes = 0;
let unicodeEscapes = 0;
let continuationBytes = 0;
let fourByteLeads = 0;
/** The byte before is a backslash that starts an escape. */
let afterEscapeStart = false;

function countBytes(bytes: Buffer, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const byte = bytes[i]!;
    if (byte === BACKSLASH) {
      if (afterEscapeStart) afterEscapeStart = false; // the second of `\\`
      else {
        escapes++;
        afterEscapeStart = true;
      }
      continue;
    }
    if (afterEscapeStart) {
      if (byte === LETTER_U) unicodeEscapes++;
      afterEscapeStart = false;
    }
    if (byte >= 0x80) {
      if (byte < 0xc0) continuationBytes++;
      else if (byte >= 0xf0) fourByteLeads++;
    }
  }
}

/** Bit 7 set in each byte of `word` equal to the byte repeated in `pattern` (an exact zero-byte test on the XOR). */
const equalBytes = (word: number, pattern: number): number => {
  const x = word ^ pattern;
  return ~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x | 0x7f7f7f7f);
};

/**
 * How many UTF-16 code units the JSON string body `bytes[start, end)` decodes to, without
 * decoding it: bytes, less UTF-8 continuation bytes, plus one for each 4-byte sequence (a
 * surrogate pair), less what escapes save (`\n` is two bytes for one unit, `\u00e9` six for one).
 * `start` and `end` must not fall inside a character or an escape. Reads four bytes at a time; a
 * word with `\\`, `\u` or an escape across its edge is read a byte at a time.
 */
export function countStringUnits(bytes: Buffer, start: number, end: number): number {
  escapes = 0;
  unicodeEscapes = 0;
  continuationBytes = 0;
  fourByteLeads = 0;
  afterEscapeStart = false;
  let i = start;
  while (i < end && ((bytes.byteOffset + i) & 3) !== 0) i++;
  countBytes(bytes, start, i);
  const wordCount = i < end && LITTLE_ENDIAN ? (end - i) >> 2 : 0;
  const words = wordCount > 0 ? new Int32Array(bytes.buffer, bytes.byteOffset + i, wordCount) : EMPTY_WORDS;
  for (let k = 0; k < wordCount; k++) {
    const word = words[k]!;
    const backslashes = equalBytes(word, 0x5c5c5c5c);
    if (backslashes !== 0 || afterEscapeStart) {
      // A backslash right after a backslash or before a `u`, or an escape begun in the word before.
      if (afterEscapeStart || ((backslashes << 8) & (backslashes | equalBytes(word, 0x75757575))) !== 0) {
        countBytes(bytes, i + 4 * k, i + 4 * k + 4);
        continue;
      }
      escapes += countFlags(backslashes);
      afterEscapeStart = backslashes < 0; // the last byte is a backslash: its escape goes on in the next word
    }
    const high = word & 0x80808080;
    if (high !== 0) {
      continuationBytes += countFlags(high & ~(word << 1)); // 10xxxxxx
      const fourByte = word & (word << 1) & (word << 2) & (word << 3) & ~(word << 4) & 0x80808080; // 11110xxx
      if (fourByte !== 0) fourByteLeads += countFlags(fourByte);
    }
  }
  countBytes(bytes, i + 4 * wordCount, end);
  return end - start - continuationBytes + fourByteLeads - escapes - 4 * unicodeEscapes;
}

/** The escape covering `at` (one starting before it and ending after it), as [start, end], or null. */
function escapeAround(bytes: Buffer, bodyStart: number, at: number): [number, number] | null {
  for (let i = at - 1; i >= bodyStart && i >= at - 5; i--) {
    if (bytes[i] !== BACKSLASH) continue;
    // The nearest backslash decides: escapes never overlap, and nothing but `\\` puts one inside another.
    if (!startsEscape(bytes, bodyStart, i)) return null;
    const length = bytes[i + 1] === LETTER_U ? 6 : 2;
    return i + length > at ? [i, i + length] : null;
  }
  return null;
}

/** The first position at or after `at` that starts a character and is outside any escape. */
function boundaryAtOrAfter(bytes: Buffer, bodyStart: number, bodyEnd: number, at: number): number {
  while (at < bodyEnd && (bytes[at]! & 0xc0) === 0x80) at++;
  const around = at < bodyEnd ? escapeAround(bytes, bodyStart, at) : null;
  return around ? around[1] : Math.min(at, bodyEnd);
}

/** The last position at or before `at` that starts a character and is outside any escape. */
function boundaryAtOrBefore(bytes: Buffer, bodyStart: number, at: number): number {
  while (at > bodyStart && (bytes[at]! & 0xc0) === 0x80) at--;
  const around = at > bodyStart ? escapeAround(bytes, bodyStart, at) : null;
  return around ? around[0] : Math.max(at, bodyStart);
}

const decodeBody = (bytes: Buffer, start: number, end: number): string => JSON.parse(`"${decodeUtf8(bytes, start, end)}"`) as string;

/**
 * Where the first `units` code units of the string body [start, end) end: the smallest boundary
 * holding at least that many (one more only when the last unit is half of a surrogate pair).
 * Counts about `units` bytes, whatever the string's length.
 */
function headEnd(bytes: Buffer, start: number, end: number, units: number): { at: number; units: number } {
  let at = start;
  let have = 0;
  while (have < units && at < end) {
    const next = boundaryAtOrAfter(bytes, start, end, Math.min(end, at + (units - have)));
    have += countStringUnits(bytes, at, next);
    at = next;
  }
  return { at, units: have };
}

/** Where the last `units` code units of the string body [start, end) begin; see headEnd. */
function tailStart(bytes: Buffer, start: number, end: number, units: number): { at: number; units: number } {
  let at = end;
  let have = 0;
  while (have < units && at > start) {
    const previous = boundaryAtOrBefore(bytes, start, Math.max(start, at - (units - have)));
    have += countStringUnits(bytes, previous, at);
    at = previous;
  }
  return { at, units: have };
}

/**
 * The string body [start, end) of `total` code units as capText would keep it, as JSON text
 * without its quotes: the head's and tail's own bytes (already valid JSON) around the marker.
 */
function cappedBody(bytes: Buffer, start: number, end: number, total: number, max: number): string {
  const layout = capLayout(total, max);
  const head = headEnd(bytes, start, end, layout.head);
  const tail = layout.tail > 0 ? tailStart(bytes, start, end, layout.tail) : { at: end, units: 0 };
  // A cut through a surrogate pair: decode, cut as capText does, and write it back as JSON.
  const headText = head.units === layout.head ? decodeUtf8(bytes, start, head.at) : JSON.stringify(decodeBody(bytes, start, head.at).slice(0, layout.head)).slice(1, -1);
  const tailText = tail.units === layout.tail ? decodeUtf8(bytes, tail.at, end) : JSON.stringify(decodeBody(bytes, tail.at, end).slice(-layout.tail)).slice(1, -1);
  return `${headText}${JSON.stringify(layout.marker).slice(1, -1)}${tailText}`;
}

const isSpace = (byte: number | undefined) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** Parses the JSON text in `bytes[start, end)`; see the module comment. Throws a SyntaxError when it is not JSON. */
export function parseLeanJson(bytes: Buffer, start: number, end: number, options: LeanJsonOptions): unknown {
  const max = options.maxStringChars;
  const unreadKeys = options.unreadKeys && options.unreadKeys.size > 0 ? [...options.unreadKeys].map((key) => Buffer.from(key)) : [];
  const pieces: string[] = [];
  let copiedFrom = start;
  let depth = 0;
  /** While set (≥ 0), strings are inside an unread key's container that opened at this depth. */
  let unreadDepth = -1;
  /** The last key was an unread one, and its value has not started yet. */
  let unreadValueNext = false;
  let at = start;
  for (;;) {
    let open = bytes.indexOf(QUOTE, at);
    if (open === -1 || open >= end) open = end;
    // Between strings: brackets move the depth; a number or literal is a value too.
    for (let i = at; i < open; i++) {
      const byte = bytes[i]!;
      if (byte === 0x7b || byte === 0x5b) {
        if (unreadValueNext) {
          unreadDepth = depth;
          unreadValueNext = false;
        }
        depth++;
      } else if (byte === 0x7d || byte === 0x5d) {
        depth--;
        if (depth === unreadDepth) unreadDepth = -1;
      } else if (byte > 0x20 && byte !== COLON && byte !== 0x2c) unreadValueNext = false;
    }
    if (open === end) break;
    let close = open;
    do close = bytes.indexOf(QUOTE, close + 1);
    while (close !== -1 && close < end && backslashesBefore(bytes, open + 1, close) % 2 === 1);
    if (close === -1 || close >= end) throw new SyntaxError(`Unterminated string in JSON at position ${open - start}`);
    at = close + 1;
    let next = at;
    while (next < end && isSpace(bytes[next])) next++;
    if (bytes[next] === COLON) {
      if (unreadKeys.length > 0) unreadValueNext = unreadKeys.some((key) => key.length === close - open - 1 && bytes.compare(key, 0, key.length, open + 1, close) === 0);
      continue;
    }
    const bodyLength = close - open - 1;
    let literal: string | null = null;
    if ((unreadDepth >= 0 || unreadValueNext) && bodyLength > UNREAD_MIN_BYTES) {
      literal = `"[… ${bodyLength} bytes not read …]"`;
    } else if (bodyLength > max) {
      if (isUtf8(bytes.subarray(open + 1, close))) {
        const units = countStringUnits(bytes, open + 1, close);
        if (units > max) literal = `"${cappedBody(bytes, open + 1, close, units, max)}"`;
      } else {
        // Invalid UTF-8 decodes to replacement characters the count above would not see: decode it whole.
        const text = decodeBody(bytes, open + 1, close);
        if (text.length > max) literal = JSON.stringify(capText(text, max));
      }
    }
    unreadValueNext = false;
    if (literal !== null) {
      pieces.push(decodeUtf8(bytes, copiedFrom, open), literal);
      copiedFrom = close + 1;
    }
  }
  if (pieces.length === 0) return JSON.parse(decodeUtf8(bytes, start, end));
  pieces.push(decodeUtf8(bytes, copiedFrom, end));
  return JSON.parse(pieces.join(''));
}
