import { rewriteBlockText } from './pdf-block-text.ts';
import type { PdfBlock } from './pdf-blocks.ts';

/**
 * Stands where a line ended in a hyphen after a letter and the next line began with a letter,
 * until the whole document is read: only then is it known whether the joined word is a word of
 * the document ("appro-" + "priate" → "appropriate") or the hyphen is the word's own
 * ("Post-" + "Script" stays "PostScript" only if the document writes it so). A private-use
 * character, so no PDF text is taken for it.
 */
export const LINE_END_HYPHEN = '\uE000';

/** A URL still being written at a line's end: it goes on without a space on the next line. */
const URL_IN_PROGRESS = /(?:^|\s)(?:(?:https?|ftp):\/\/\S*|(?:https?|ftp):?|www\.\S*)$/i;

/**
 * Joins a wrapped line onto the text before it. A soft hyphen is the typesetter's and goes. A
 * hyphen between letters becomes LINE_END_HYPHEN, settled by `settleHyphenation` once the
 * document's words are known. A URL broken across lines is joined without a space (its own
 * hyphen kept), so it is never split. Any other line break is a space.
 */
export function joinWrappedLines(before: string, after: string): string {
  if (before.endsWith('\u00AD')) return before.slice(0, -1) + after;
  if (URL_IN_PROGRESS.test(before) && /^[^\s]/.test(after) && (/[/.\-_~#?=&%:]$/.test(before) || /^[/.:]/.test(after) || /:\/\/\S*$/.test(before))) return before + after;
  if (/\p{L}-$/u.test(before) && /^\p{L}/u.test(after)) return before.slice(0, -1) + LINE_END_HYPHEN + after;
  return `${before} ${after}`;
}

const WORD = /\p{L}+/gu;
const HYPHENATED = new RegExp(`(\\p{L}+)${LINE_END_HYPHEN}(\\p{L}+)`, 'gu');

/**
 * Settles every line-end hyphen of the document's blocks: the halves are joined when the joined
 * word occurs elsewhere in the document (in any case: "priate" after "appro-" when "appropriate"
 * is written whole somewhere), or when neither half is a word of the document and the second is
 * in lower case ("evalu-" + "ation"); otherwise the hyphen is kept ("Post-Script", "well-known"). Page
 * breaks keep their characters. Mutates the blocks.
 */
export function settleHyphenation(blocks: PdfBlock[]): void {
  if (!blocks.some((block) => block.kind !== 'code' && block.text.includes(LINE_END_HYPHEN))) return;
  const words = new Set<string>();
  for (const block of blocks) {
    const text = block.kind === 'code' ? block.lines.map((line) => line.text).join('\n') : block.text;
    for (const piece of text.split(/\s+/)) {
      if (piece.includes(LINE_END_HYPHEN)) continue;
      for (const word of piece.match(WORD) ?? []) words.add(word.toLowerCase());
    }
  }
  const settle = (match: RegExpExecArray) => {
    const [, left, right] = match as unknown as [string, string, string];
    if (words.has(`${left}${right}`.toLowerCase())) return `${left}${right}`;
    // Halves that are no words of the document ("evalu", "ation") are a typesetter's break; two
    // words ("well", "known") or a capital ("Post", "Script") are a compound's own hyphen.
    const halvesAreWords = words.has(left.toLowerCase()) || words.has(right.toLowerCase());
    return !halvesAreWords && /^\p{Ll}/u.test(right) ? `${left}${right}` : `${left}-${right}`;
  };
  for (const block of blocks) {
    if (block.kind === 'code' || !block.text.includes(LINE_END_HYPHEN)) continue;
    if (block.kind === 'table') {
      for (const row of block.rows) row.cells = row.cells.map((cell) => rewriteBlockText(cell, undefined, HYPHENATED, settle).text);
    } else if (block.kind === 'paragraph' || block.kind === 'list-item') {
      const rewritten = rewriteBlockText(block.text, block.pageBreaks, HYPHENATED, settle);
      block.text = rewritten.text;
      if (rewritten.pageBreaks) block.pageBreaks = rewritten.pageBreaks;
    } else block.text = rewriteBlockText(block.text, undefined, HYPHENATED, settle).text;
  }
}
