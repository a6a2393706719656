/** A half-open range of character offsets, `[start, end)`. */
export interface TextSpan {
  start: number;
  end: number;
}

/** Collapses every run of whitespace to one space and trims: the form quotes are compared in. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

interface NormalisedText {
  text: string;
  /** `origin[i]` is the offset in the original text of normalised character `i`. */
  origin: Int32Array;
}

/** Whitespace runs collapsed to one space (not trimmed), remembering where each character came from. */
function normalise(text: string): NormalisedText {
  const origin = new Int32Array(text.length);
  const parts: string[] = [];
  let n = 0;
  let last = 0;
  const whitespace = /\s+/g;
  for (let match = whitespace.exec(text); match; match = whitespace.exec(text)) {
    for (let i = last; i < match.index; i++) origin[n++] = i;
    origin[n++] = match.index;
    parts.push(text.slice(last, match.index), ' ');
    last = match.index + match[0].length;
  }
  for (let i = last; i < text.length; i++) origin[n++] = i;
  parts.push(text.slice(last));
  return { text: parts.join(''), origin: origin.subarray(0, n) };
}

/**
 * Consecutive lines of one source version joined with `\n`, addressable by line number.
 * `firstLine` is the number of `lines[0]` (a window of a larger source starts past 1).
 */
export class VersionText {
  readonly text: string;
  readonly #starts: number[];
  #normalised: NormalisedText | undefined;

  constructor(
    readonly lines: readonly string[],
    readonly firstLine = 1,
  ) {
    this.text = lines.join('\n');
    this.#starts = [];
    let offset = 0;
    for (const line of lines) {
      this.#starts.push(offset);
      offset += line.length + 1;
    }
  }

  get lastLine(): number {
    return this.firstLine + this.lines.length - 1;
  }

  /** Offset of the first character of `line`. */
  startOf(line: number): number {
    return this.#starts[line - this.firstLine] ?? this.text.length;
  }

  /** Offset just past the last character of `line` (before its `\n`). */
  endOf(line: number): number {
    const index = line - this.firstLine;
    return (this.#starts[index] ?? this.text.length) + (this.lines[index]?.length ?? 0);
  }

  /** The line number holding the character at `offset`. */
  lineAt(offset: number): number {
    let low = 0;
    let high = this.#starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.#starts[mid] as number) <= offset) low = mid;
      else high = mid - 1;
    }
    return this.firstLine + low;
  }

  /**
   * Where `quote` occurs inside `within` (default: everywhere): exact occurrences when there
   * are any, else occurrences that match once whitespace runs are collapsed (a selection copied
   * from the viewer may join lines with spaces). Spans are in this text's offsets.
   */
  findQuote(quote: string, within: TextSpan = { start: 0, end: this.text.length }): TextSpan[] {
    const exact: TextSpan[] = [];
    if (quote.length > 0) {
      for (let at = this.text.indexOf(quote, within.start); at !== -1 && at + quote.length <= within.end; at = this.text.indexOf(quote, at + 1)) {
        exact.push({ start: at, end: at + quote.length });
      }
    }
    if (exact.length > 0) return exact;
    const needle = collapseWhitespace(quote);
    if (needle.length === 0) return [];
    this.#normalised ??= normalise(this.text);
    const { text, origin } = this.#normalised;
    const spans: TextSpan[] = [];
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
      const span = { start: origin[at] as number, end: (origin[at + needle.length - 1] as number) + 1 };
      if (span.start >= within.start && span.end <= within.end) spans.push(span);
    }
    return spans;
  }
}
