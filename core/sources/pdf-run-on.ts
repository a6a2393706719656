import type { PdfBlock } from './pdf-blocks.ts';
import type { PdfLine } from './pdf-text-lines.ts';

/** Text that ends a sentence or a clause: what comes after it starts a block of its own. */
const ENDS_CLAUSE = /[.!?:;"”’)\]]$/;

/**
 * A paragraph that runs on from the foot of one column to the head of the next: the line jumps
 * up and to the right, the text before ends mid-sentence (or in a hyphen) and this line starts
 * in lower case.
 */
export function runsOnIntoNextColumn(previous: PdfLine, line: PdfLine, block: PdfBlock): boolean {
  if (block.kind !== 'paragraph' && block.kind !== 'list-item') return false;
  const jumpsUp = line.y - previous.y > line.size;
  const movesRight = line.x > previous.x + line.size * 4;
  return jumpsUp && movesRight && !ENDS_CLAUSE.test(previous.text) && /^\p{Ll}/u.test(line.text);
}

/** A paragraph cut by a page break: it ends mid-sentence and the next page's first paragraph starts in lower case. */
export function runsOnAcrossPages(last: PdfBlock, first: PdfBlock): boolean {
  if (last.kind !== 'paragraph' && last.kind !== 'list-item') return false;
  if (first.kind !== 'paragraph') return false;
  return !ENDS_CLAUSE.test(last.text) && /^\p{Ll}/u.test(first.text);
}

/**
 * A paragraph taken up again after what the page sets in smaller type in its way: the notes and
 * the journal's small print at the foot of a two-column page's left column (the paragraph goes on
 * at the head of the right column), or a figure's caption inside a column. `last` is the last
 * line of body-sized text before it, `between` the lines since, all smaller than the body's type;
 * the paragraph ended mid-sentence and `line` starts in lower case, below it in the same column
 * or up in the next one.
 */
export function resumesAfterAside(last: PdfLine, between: PdfLine[], line: PdfLine, bodySize: number): boolean {
  if (between.length === 0 || between.some((aside) => aside.size >= bodySize) || line.size < bodySize) return false;
  // A paragraph's line holds a few words; two letters over a figure ("c d") are its labels.
  if (ENDS_CLAUSE.test(last.text) || last.text.split(/\s+/).length < 4 || !/^\p{Ll}/u.test(line.text)) return false;
  const sameColumn = Math.abs(line.x - last.x) <= line.size && line.y < last.y;
  const nextColumn = line.y > last.y + line.size && line.x > last.x + line.size * 4;
  return sameColumn || nextColumn;
}
