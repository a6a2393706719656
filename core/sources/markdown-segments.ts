/**
 * Where a Markdown document can be cut into pieces that parse exactly as they do in place, as
 * far as top-level headings go. Parsing is the slow part of indexing a long document, and only
 * the pieces that may hold a heading need it.
 *
 * Cuts are made:
 * - before a non-indented line that follows a blank line: a blank line closes every paragraph,
 *   block quote and HTML block of kinds 6-7, and a non-indented line cannot continue a list item
 *   or indented code, so nothing open before the cut changes how the lines after it are read;
 * - before and after a non-indented ATX heading line (`## Title`): such a line interrupts a
 *   paragraph and closes any list item or quote rather than continuing it, and nothing continues
 *   it, unless an HTML block is open (then it is HTML text), so that case is left uncut;
 *
 * and never inside a top-level fenced code block, or an HTML block that only ends at its closing
 * marker (script, pre, style, textarea, comment, processing instruction, declaration, CDATA). A
 * fence or such a block opened at column 0 is at the top level for certain, so its end is found
 * exactly. A fence opened at an indent of 1-3 spaces may instead sit inside a list item, which a
 * less indented line would close early: its end is the same either way while every line up to
 * its closing fence is indented at least as much, so cutting carries on after it then, and stops
 * for good otherwise. An HTML block opened at an indent stops the cuts too, and so does a
 * fence-like line inside what may be an HTML block of kind 6-7 (HTML text there, a fence elsewhere).
 *
 * Fewer cuts are always correct (a piece is just larger); cuts are only made where the rules
 * above hold.
 *
 * The rules above, one line at a time, so that a long document can be cut as it is read
 * without holding all its lines: `next(line)` says whether the document may be cut before the
 * line and after it. Once no more cuts can be made, every answer is no.
 */
export class MarkdownSegmenter {
  /** An open fence; `indent` > 0 when it was opened at 1-3 spaces, where it may sit in a list item. */
  #fence: { marker: string; length: number; indent: number } | undefined;
  #htmlEnd: RegExp | undefined;
  /** An HTML block of kind 6 or 7 (or a line that might start one) is open until a blank line. */
  #htmlUntilBlank = false;
  #previousBlank = false;
  #stopped = false;

  next(line: string): Cut {
    const none = NO_CUT;
    if (this.#stopped) return none;
    if (this.#fence) {
      // A fence opened at an indent of 1-3 spaces reads the same in a list item or at the top
      // level as long as no line before its end is indented less: such a line would end the
      // list item (and the fence) in one reading and not in the other. Then stop cutting.
      if (this.#fence.indent > 0 && line.trim() !== '' && indentOf(line) < this.#fence.indent) return this.#stop(none);
      const closing = /^ {0,3}(`+|~+)[ \t]*$/.exec(line)?.[1];
      if (closing && closing[0] === this.#fence.marker && closing.length >= this.#fence.length) this.#fence = undefined;
      this.#previousBlank = false;
      return none;
    }
    if (this.#htmlEnd) {
      if (this.#htmlEnd.test(line)) this.#htmlEnd = undefined;
      this.#previousBlank = false;
      return none;
    }
    const blank = line.trim() === '';
    if (blank) this.#htmlUntilBlank = false;
    const atxHeading = !this.#htmlUntilBlank && /^#{1,6}(?:[ \t]|$)/.test(line);
    let cut = cutOf((this.#previousBlank && /^\S/.test(line)) || atxHeading, atxHeading);
    const opening = /^( {0,3})(`{3,}|~{3,})(.*)$/.exec(line);
    // A backtick fence's info string may not contain a backtick (that line is inline code).
    if (opening && !(opening[2]![0] === '`' && opening[3]!.includes('`'))) {
      // Inside what may be an HTML block, a fence line may be HTML text or a real fence: unknowable here.
      if (this.#htmlUntilBlank) return this.#stop(cut);
      this.#fence = { marker: opening[2]![0]!, length: opening[2]!.length, indent: opening[1]!.length };
      cut = cutOf(cut.before, false);
    } else if (/^ {0,3}</.test(line)) {
      const end = htmlBlockEnd(line.trimStart());
      // Such a block may end on its first line (`<!-- note -->`).
      if (end && !end.test(line)) {
        if (/^ /.test(line) || this.#htmlUntilBlank) return this.#stop(cut);
        this.#htmlEnd = end;
      } else if (!end && /^ {0,3}<\/?[A-Za-z]/.test(line)) {
        this.#htmlUntilBlank = true;
      }
    }
    this.#previousBlank = blank;
    return cut;
  }

  /**
   * `next` for a line known to start with a letter or digit, when no fenced code or HTML block
   * is open (`expectsPlainLines`): such a line starts no block these rules track, so its text is
   * not needed (a long document's lines need not each become a string).
   */
  nextPlain(): Cut {
    const cut = cutOf(!this.#stopped && this.#previousBlank, false);
    this.#previousBlank = false;
    return cut;
  }

  /** Whether `nextPlain` may stand in for `next` on a line starting with a letter or digit. */
  get expectsPlainLines(): boolean {
    return this.#fence === undefined && this.#htmlEnd === undefined;
  }

  /** No cut after this line, nor after any later one. */
  #stop(cut: Cut): Cut {
    this.#stopped = true;
    return cutOf(cut.before, false);
  }
}

type Cut = Readonly<{ before: boolean; after: boolean }>;
const NO_CUT: Cut = Object.freeze({ before: false, after: false });
const CUTS: readonly Cut[] = [NO_CUT, Object.freeze({ before: true, after: false }), Object.freeze({ before: false, after: true }), Object.freeze({ before: true, after: true })];

/** The answer for a line, shared rather than made per line (a long document has millions). */
function cutOf(before: boolean, after: boolean): Cut {
  return CUTS[(before ? 1 : 0) + (after ? 2 : 0)]!;
}

/** Columns of leading whitespace (a tab counts as reaching the next multiple of 4). */
function indentOf(line: string): number {
  let column = 0;
  for (const char of line) {
    if (char === ' ') column++;
    else if (char === '\t') column += 4 - (column % 4);
    else break;
  }
  return column;
}

/** The end marker of an HTML block of kinds 1-5 that a line starting with `<` starts, if it starts one. */
function htmlBlockEnd(tag: string): RegExp | undefined {
  if (/^<(script|pre|style|textarea)(?:[\s>]|$)/i.test(tag)) return /<\/(script|pre|style|textarea)>/i;
  if (tag.startsWith('<!--')) return /-->/;
  if (tag.startsWith('<?')) return /\?>/;
  if (tag.startsWith('<![CDATA[')) return /\]\]>/;
  if (/^<![A-Za-z]/.test(tag)) return />/;
  return undefined;
}
