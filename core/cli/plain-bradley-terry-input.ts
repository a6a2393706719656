// Reads `lhb stats bt`'s stdin straight into vote counts when it has the plain shape a caller
// writes: {"comparisons": [{"a": …, "b": …, "winner": …}, …], "bootstrap"?, "seed"?, "confidence"?},
// names and seeds plain strings (no escapes), each key once. That is almost every input, and
// reading it this way skips building 100,000 vote objects, checking each with zod and loading zod
// at all. Anything else (another key, an escape, a bad value, malformed JSON) is answered "not
// plain", and the caller parses it with JSON.parse and the zod schema, which accept what this
// accepts and phrase every error: so this reader decides nothing a user sees.

import { A_WON, B_WON, PairTally, TIED, type PairCounts } from '../stats/pair-counts.ts';
import { MAX_BOOTSTRAP_ROUNDS } from '../../schemas/stats-limits.ts';

export interface PlainBradleyTerryInput {
  pairs: PairCounts;
  bootstrap?: number;
  seed?: number | string;
  confidence?: number;
}

const TOP_LEVEL_KEYS = ['comparisons', 'bootstrap', 'seed', 'confidence'] as const;
type TopLevelKey = (typeof TOP_LEVEL_KEYS)[number];

/** JSON's number grammar (RFC 8259 §6): Number() reads exactly these to the double JSON.parse gives. */
const JSON_NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
/** A string without escapes or control characters (JSON allows none unescaped), its text captured. */
const PLAIN_STRING_SOURCE = '"([^"\\\\\\u0000-\\u001f]*)"';
const PLAIN_STRING = new RegExp(PLAIN_STRING_SOURCE, 'y');
const SPACE = '[ \\t\\n\\r]*';
const FIELD = `${SPACE}"(a|b|winner)"${SPACE}:${SPACE}${PLAIN_STRING_SOURCE}${SPACE}`;
/**
 * One vote, its three fields in any order, and the comma or bracket after it. A regular
 * expression rather than a loop over characters: irregexp compiles it to machine code at once,
 * while a loop runs interpreted for most of 100,000 votes before the JIT has optimised it.
 */
const VOTE = new RegExp(`${SPACE}\\{${FIELD},${FIELD},${FIELD}\\}${SPACE}([,\\]])`, 'y');

/** The votes counted and the options, or undefined when the input is not plain (parse it with zod then). */
export function readPlainBradleyTerryInput(text: string): PlainBradleyTerryInput | undefined {
  // Buffer.toString turns invalid UTF-8 into U+FFFD, which could make two different byte strings
  // one name: such input (or a name with U+FFFD in it) goes the zod way.
  if (text.includes('\ufffd')) return undefined;
  return new PlainReader(text).input();
}

class PlainReader {
  private at = 0;
  private readonly systems = new Map<string, number>();
  private readonly tally = new PairTally();

  constructor(private readonly text: string) {}

  input(): PlainBradleyTerryInput | undefined {
    const values: Partial<Record<TopLevelKey, unknown>> = {};
    if (!this.take('{')) return undefined;
    for (let first = true; !this.take('}'); first = false) {
      if (!first && !this.take(',')) return undefined;
      const key = this.plainString();
      if (!isTopLevelKey(key) || key in values || !this.take(':')) return undefined;
      const value = key === 'comparisons' ? this.comparisons() : this.scalar();
      if (value === undefined) return undefined;
      values[key] = value;
    }
    this.skipSpace();
    if (this.at !== this.text.length || values.comparisons === undefined) return undefined;
    const { bootstrap, seed, confidence } = values;
    // The same bounds as BradleyTerryInputSchema; a value outside them goes to zod for its message.
    if (bootstrap !== undefined && !(typeof bootstrap === 'number' && Number.isInteger(bootstrap) && bootstrap >= 0 && bootstrap <= MAX_BOOTSTRAP_ROUNDS)) return undefined;
    if (seed !== undefined && !(typeof seed === 'string' || (typeof seed === 'number' && Number.isFinite(seed)))) return undefined;
    if (confidence !== undefined && !(typeof confidence === 'number' && confidence > 0 && confidence < 1)) return undefined;
    return {
      pairs: this.tally.toPairCounts([...this.systems.keys()]),
      ...(bootstrap !== undefined ? { bootstrap: bootstrap as number } : {}),
      ...(seed !== undefined ? { seed: seed as number | string } : {}),
      ...(confidence !== undefined ? { confidence: confidence as number } : {}),
    };
  }

  /** The votes, counted into the tally: true once at least one was read, undefined at anything not plain. */
  private comparisons(): true | undefined {
    if (!this.take('[')) return undefined;
    VOTE.lastIndex = this.at;
    for (;;) {
      const match = VOTE.exec(this.text);
      if (match === null) return undefined;
      let a: number | undefined;
      let b: number | undefined;
      let outcome: number | undefined;
      for (let field = 1; field <= 5; field += 2) {
        const key = match[field];
        const value = match[field + 1]!;
        if (key === 'a' && a === undefined && value !== '') a = this.systemIndex(value);
        else if (key === 'b' && b === undefined && value !== '') b = this.systemIndex(value);
        else if (key === 'winner' && outcome === undefined) outcome = value === 'a' ? A_WON : value === 'b' ? B_WON : value === 'tie' ? TIED : -1;
        else return undefined;
      }
      if (a === undefined || b === undefined || a === b || outcome === undefined || outcome < 0) return undefined;
      this.tally.record(a, b, outcome as typeof A_WON);
      if (match[7] === ']') break;
    }
    this.at = VOTE.lastIndex;
    return true;
  }

  /** The provisional index of a system, numbered in order of first appearance. */
  private systemIndex(name: string): number {
    let index = this.systems.get(name);
    if (index === undefined) {
      index = this.systems.size;
      this.systems.set(name, index);
    }
    return index;
  }

  /** A number or a plain string (a seed); undefined for anything else. */
  private scalar(): number | string | undefined {
    this.skipSpace();
    if (this.text[this.at] === '"') return this.plainString();
    JSON_NUMBER.lastIndex = this.at;
    const match = JSON_NUMBER.exec(this.text);
    if (match === null) return undefined;
    this.at = JSON_NUMBER.lastIndex;
    return Number(match[0]);
  }

  /** A string without escapes, after optional space; undefined when none comes next. */
  private plainString(): string | undefined {
    this.skipSpace();
    PLAIN_STRING.lastIndex = this.at;
    const match = PLAIN_STRING.exec(this.text);
    if (match === null) return undefined;
    this.at = PLAIN_STRING.lastIndex;
    return match[1];
  }

  /** Skips space, then consumes `char` if it comes next. */
  private take(char: string): boolean {
    this.skipSpace();
    if (this.text[this.at] !== char) return false;
    this.at++;
    return true;
  }

  private skipSpace(): void {
    const { text } = this;
    while (this.at < text.length && (text[this.at] === ' ' || text[this.at] === '\n' || text[this.at] === '\r' || text[this.at] === '\t')) this.at++;
  }
}

function isTopLevelKey(key: string | undefined): key is TopLevelKey {
  return (TOP_LEVEL_KEYS as readonly (string | undefined)[]).includes(key);
}
