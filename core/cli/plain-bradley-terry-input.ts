// Reads `lhb stats bt`'s stdin bytes straight into vote counts when it has the plain shape a
// caller writes: {"comparisons": [{"a": …, "b": …, "winner": …}, …], "bootstrap"?, "seed"?, "confidence"?},
// names and seeds plain strings (no escapes), each key once. That is almost every input, and
// reading it this way skips JSON.parse's object per vote, checking each with zod and loading zod
// at all: votes as JSON.stringify writes them are matched by one regular expression on the input
// read as Latin-1 (a character per byte), others read byte by byte, and each system's name is
// decoded from UTF-8 once, the first time its bytes are seen. Anything else (another key, an escape, invalid UTF-8,
// a bad value, malformed JSON) is answered "not plain", and the caller parses it with JSON.parse
// and the zod schema, which accept what this accepts and phrase every error: so this reader
// decides nothing a user sees.

import { A_WON, B_WON, PairTally, TIED, type PairCounts, type VoteOutcome } from '../stats/pair-counts.ts';
import { MAX_BOOTSTRAP_ROUNDS } from '../../schemas/stats-limits.ts';

export interface PlainBradleyTerryInput {
  pairs: PairCounts;
  bootstrap?: number;
  seed?: number | string;
  confidence?: number;
}

const TOP_LEVEL_KEYS = ['comparisons', 'bootstrap', 'seed', 'confidence'] as const;
type TopLevelKey = (typeof TOP_LEVEL_KEYS)[number];

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const LETTER_A = 0x61;
const LETTER_B = 0x62;
/** No vote field's value: the reader asks for the input the zod way. */
const NOT_PLAIN = -1;
/**
 * A vote as JSON.stringify writes it, with the comma or bracket after it: both names (plain
 * strings: no quote, backslash or control character) and the outcome. Matched on the input read
 * as Latin-1, one character per byte, so a match's offsets are byte offsets.
 */
// eslint-disable-next-line no-control-regex -- JSON allows no unescaped control character in a string
const COMPACT_VOTE = /\{"a":"[^"\\\x00-\x1f]+","b":"[^"\\\x00-\x1f]+","winner":"(?:a|b|tie)"\}[,\]]/y;
/** Bytes from a compact vote's start to its first name, and between the end of the first name and the start of the second. */
const BEFORE_A = '{"a":"'.length;
const BETWEEN_NAMES = '","b":"'.length;
/** Bytes from the end of the second name to the outcome's first letter. */
const BEFORE_WINNER = '","winner":"'.length;

/** JSON's number grammar (RFC 8259 §6): Number() reads exactly these to the double JSON.parse gives. */
const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/**
 * Strict UTF-8 (invalid bytes throw, where Buffer.toString would turn two different byte strings
 * into one U+FFFD name) that keeps a leading U+FEFF, as JSON.parse keeps it in a name.
 */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The votes counted and the options, or undefined when the input is not plain (parse it with zod then). */
export function readPlainBradleyTerryInput(bytes: Uint8Array): PlainBradleyTerryInput | undefined {
  return new PlainReader(bytes).input();
}

class PlainReader {
  private at = 0;
  private readonly tally = new PairTally();
  private readonly names = new ByteNames();
  /** The input as Latin-1 text, for `compactVotes`. */
  private latin1: string | undefined;
  /** The last string's bytes, [stringStart, stringEnd), set by `stringBytes`. */
  private stringStart = 0;
  private stringEnd = 0;

  constructor(private readonly bytes: Uint8Array) {}

  input(): PlainBradleyTerryInput | undefined {
    const values: Partial<Record<TopLevelKey, unknown>> = {};
    if (!this.take(OPEN_BRACE)) return undefined;
    for (let first = true; !this.take(CLOSE_BRACE); first = false) {
      if (!first && !this.take(COMMA)) return undefined;
      const key = this.plainString();
      if (!isTopLevelKey(key) || key in values || !this.take(COLON)) return undefined;
      const value = key === 'comparisons' ? this.comparisons() : this.scalar();
      if (value === undefined) return undefined;
      values[key] = value;
    }
    this.skipSpace();
    if (this.at !== this.bytes.length || values.comparisons === undefined) return undefined;
    const { bootstrap, seed, confidence } = values;
    // The same bounds as BradleyTerryInputSchema; a value outside them goes to zod for its message.
    if (bootstrap !== undefined && !(typeof bootstrap === 'number' && Number.isInteger(bootstrap) && bootstrap >= 0 && bootstrap <= MAX_BOOTSTRAP_ROUNDS)) return undefined;
    if (seed !== undefined && !(typeof seed === 'string' || (typeof seed === 'number' && Number.isFinite(seed)))) return undefined;
    if (confidence !== undefined && !(typeof confidence === 'number' && confidence > 0 && confidence < 1)) return undefined;
    const systems = this.names.decodedNames();
    if (systems === undefined) return undefined;
    return {
      pairs: this.tally.toPairCounts(systems),
      ...(bootstrap !== undefined ? { bootstrap: bootstrap as number } : {}),
      ...(seed !== undefined ? { seed: seed as number | string } : {}),
      ...(confidence !== undefined ? { confidence: confidence as number } : {}),
    };
  }

  /** The votes, counted into the tally: true once at least one was read, undefined at anything not plain. */
  private comparisons(): true | undefined {
    if (!this.take(OPEN_BRACKET)) return undefined;
    for (;;) {
      if (this.compactVotes()) return true;
      if (!this.vote()) return undefined;
      if (this.take(CLOSE_BRACKET)) return true;
      if (!this.take(COMMA)) return undefined;
    }
  }

  /**
   * Counts votes written as JSON.stringify writes them, {"a":"x","b":"y","winner":"a"} with no
   * space, each with the comma after it: almost every input. The regular expression engine
   * scans them in compiled code from the first vote on, where a loop over the bytes ran in the
   * interpreter until V8 had optimised it. True when it also read the closing bracket; false when
   * the next vote is written any other way (keys in another order, space, an escape, a bad
   * value), with nothing of that vote read, for `vote` to read it or refuse it.
   */
  private compactVotes(): boolean {
    const { bytes, names } = this;
    const text = (this.latin1 ??= Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1'));
    for (;;) {
      this.skipSpace();
      COMPACT_VOTE.lastIndex = this.at;
      if (!COMPACT_VOTE.test(text)) return false;
      // The match makes no string: the names end at the first quote after each (they hold none).
      const aStart = this.at + BEFORE_A;
      const aEnd = text.indexOf('"', aStart);
      const bStart = aEnd + BETWEEN_NAMES;
      const bEnd = text.indexOf('"', bStart);
      const a = names.index(bytes, aStart, aEnd);
      const b = names.index(bytes, bStart, bEnd);
      if (a === b) return false;
      const winner = text.charCodeAt(bEnd + BEFORE_WINNER);
      this.tally.record(a, b, winner === LETTER_A ? A_WON : winner === LETTER_B ? B_WON : TIED);
      this.at = COMPACT_VOTE.lastIndex;
      if (text.charCodeAt(this.at - 1) === CLOSE_BRACKET) return true;
    }
  }

  /** One vote, its three keys in any order with space anywhere between: true once counted, false at anything not plain. */
  private vote(): boolean {
    if (!this.take(OPEN_BRACE)) return false;
    let a = NOT_PLAIN;
    let b = NOT_PLAIN;
    let outcome = NOT_PLAIN;
    for (let field = 0; field < 3; field++) {
      if (field > 0 && !this.take(COMMA)) return false;
      const key = this.voteKey();
      if (key === NOT_PLAIN || !this.take(COLON) || !this.stringBytes()) return false;
      const { stringStart: start, stringEnd: end } = this;
      if (key === 0 && a === NOT_PLAIN && end > start) a = this.names.index(this.bytes, start, end);
      else if (key === 1 && b === NOT_PLAIN && end > start) b = this.names.index(this.bytes, start, end);
      else if (key === 2 && outcome === NOT_PLAIN) outcome = this.winner(start, end);
      else return false;
    }
    if (!this.take(CLOSE_BRACE) || a === NOT_PLAIN || b === NOT_PLAIN || a === b || outcome === NOT_PLAIN) return false;
    this.tally.record(a, b, outcome as VoteOutcome);
    return true;
  }

  /** A vote's key after optional space: 0 for "a", 1 for "b", 2 for "winner", NOT_PLAIN for anything else. */
  private voteKey(): number {
    if (!this.stringBytes()) return NOT_PLAIN;
    const { bytes, stringStart: start } = this;
    const length = this.stringEnd - start;
    if (length === 1) return bytes[start] === LETTER_A ? 0 : bytes[start] === LETTER_B ? 1 : NOT_PLAIN;
    return length === 6 && matches(bytes, start, 'winner') ? 2 : NOT_PLAIN;
  }

  /** The outcome "a", "b" or "tie" names, or NOT_PLAIN. */
  private winner(start: number, end: number): number {
    const { bytes } = this;
    if (end - start === 1) return bytes[start] === LETTER_A ? A_WON : bytes[start] === LETTER_B ? B_WON : NOT_PLAIN;
    return end - start === 3 && matches(bytes, start, 'tie') ? TIED : NOT_PLAIN;
  }

  /** A number or a plain string (a seed); undefined for anything else. */
  private scalar(): number | string | undefined {
    this.skipSpace();
    const { bytes } = this;
    if (bytes[this.at] === QUOTE) return this.plainString();
    const start = this.at;
    while (this.at < bytes.length && isNumberByte(bytes[this.at]!)) this.at++;
    const text = Buffer.from(bytes.buffer, bytes.byteOffset + start, this.at - start).toString('latin1');
    return JSON_NUMBER.test(text) ? Number(text) : undefined;
  }

  /** A string without escapes after optional space, decoded; undefined when none comes next or it is not valid UTF-8. */
  private plainString(): string | undefined {
    if (!this.stringBytes()) return undefined;
    return decodePlain(this.bytes.subarray(this.stringStart, this.stringEnd));
  }

  /**
   * Skips space, then a string without escapes or control characters (JSON allows none
   * unescaped): false when none comes next, else its bytes are [stringStart, stringEnd).
   */
  private stringBytes(): boolean {
    if (!this.take(QUOTE)) return false;
    const { bytes } = this;
    const start = this.at;
    let at = start;
    for (;;) {
      if (at >= bytes.length) return false;
      const byte = bytes[at]!;
      if (byte === QUOTE) break;
      if (byte === BACKSLASH || byte < 0x20) return false;
      at++;
    }
    this.stringStart = start;
    this.stringEnd = at;
    this.at = at + 1;
    return true;
  }

  /** Skips space, then consumes `byte` if it comes next. */
  private take(byte: number): boolean {
    this.skipSpace();
    if (this.bytes[this.at] !== byte) return false;
    this.at++;
    return true;
  }

  private skipSpace(): void {
    const { bytes } = this;
    let at = this.at;
    for (;;) {
      const byte = bytes[at];
      if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) break;
      at++;
    }
    this.at = at;
  }
}

/**
 * System names by their bytes: a vote's name is found by hashing its bytes and comparing them
 * with the first occurrence's, so no string is made per vote; indices are provisional, in order
 * of first appearance, as PairTally takes them.
 */
class ByteNames {
  private bytes: Uint8Array | undefined;
  private starts: number[] = [];
  private ends: number[] = [];
  /** Open addressing: slot → name index + 1 (0 empty). */
  private slots = new Int32Array(64);

  index(bytes: Uint8Array, start: number, end: number): number {
    this.bytes = bytes;
    let hash = 0x811c9dc5;
    for (let k = start; k < end; k++) hash = Math.imul(hash ^ bytes[k]!, 0x01000193);
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]!;
      if (entry === 0) return this.add(slot, start, end);
      const other = entry - 1;
      if (sameBytes(bytes, this.starts[other]!, this.ends[other]!, start, end)) return other;
    }
  }

  private add(slot: number, start: number, end: number): number {
    const index = this.starts.length;
    this.starts.push(start);
    this.ends.push(end);
    this.slots[slot] = index + 1;
    // Kept at most half full, so a probe ends soon.
    if (this.starts.length * 2 > this.slots.length) this.rehash();
    return index;
  }

  private rehash(): void {
    const { bytes, starts, ends } = this;
    this.slots = new Int32Array(this.slots.length * 2);
    const mask = this.slots.length - 1;
    for (let index = 0; index < starts.length; index++) {
      let hash = 0x811c9dc5;
      for (let k = starts[index]!; k < ends[index]!; k++) hash = Math.imul(hash ^ bytes![k]!, 0x01000193);
      let slot = hash & mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = index + 1;
    }
  }

  /** Each name decoded, by provisional index; undefined when one is not valid UTF-8. */
  decodedNames(): string[] | undefined {
    const names: string[] = [];
    for (let index = 0; index < this.starts.length; index++) {
      const name = decodePlain(this.bytes!.subarray(this.starts[index]!, this.ends[index]!));
      if (name === undefined) return undefined;
      names.push(name);
    }
    return names;
  }
}

/**
 * The string of a plain string's bytes; undefined for invalid UTF-8, or a U+FFFD in it (the zod
 * path, which decodes the input with Buffer.toString, could not tell it from invalid bytes).
 */
function decodePlain(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return undefined;
  }
  return text.includes('\ufffd') ? undefined : text;
}

function sameBytes(bytes: Uint8Array, start: number, end: number, otherStart: number, otherEnd: number): boolean {
  if (end - start !== otherEnd - otherStart) return false;
  for (let k = 0; k < end - start; k++) if (bytes[start + k] !== bytes[otherStart + k]) return false;
  return true;
}

/** Whether `bytes` at `start` spell the ASCII `word`. */
function matches(bytes: Uint8Array, start: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) if (bytes[start + k] !== word.charCodeAt(k)) return false;
  return true;
}

/** A byte that can be part of a JSON number: digits, sign, point, exponent. */
function isNumberByte(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || byte === 0x2d || byte === 0x2b || byte === 0x2e || byte === 0x65 || byte === 0x45;
}

function isTopLevelKey(key: string | undefined): key is TopLevelKey {
  return (TOP_LEVEL_KEYS as readonly (string | undefined)[]).includes(key);
}
