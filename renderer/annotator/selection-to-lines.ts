import { plainOffsetOf, type MarkdownLine } from '../../schemas/markdown-line/markdown-line.ts';
import { snapSelection } from './snap-selection.ts';

/**
 * A span of source lines picked by the user. A selection made of characters (a drag) also says
 * where its quote starts in the first line and ends in the last (end exclusive), in plain-text
 * characters as the viewer shows the lines (schemas/markdown-line), and what that quote is.
 */
export interface LineSelection {
  startLine: number;
  endLine: number;
  /** The selected text as the reader sees it; undefined lets the server quote the whole lines. */
  quote?: string;
  startChar?: number;
  endChar?: number;
}

/** The viewer's lines as they are read: each line's plain text, and whether the DOM shows its Markdown instead. */
export interface ShownLines {
  line(line: number): MarkdownLine | undefined;
  showsMarkdown: boolean;
}

const LINE_SELECTOR = '[data-line]';
const TEXT_SELECTOR = '[data-line-text]';

/** The line row holding a selection boundary (`node`, `offset`), looking into element containers. */
function lineRowAt(node: Node, offset: number, edge: 'start' | 'end'): HTMLElement | undefined {
  const element = node instanceof Element ? node : node.parentElement;
  const inside = element?.closest<HTMLElement>(LINE_SELECTOR);
  if (inside) return inside;
  if (!(node instanceof Element)) return undefined;
  // The boundary sits between rows (e.g. a drag past the last line): take the row beside it.
  const child = node.childNodes[edge === 'start' ? offset : offset - 1];
  if (!(child instanceof Element)) return undefined;
  if (child.matches(LINE_SELECTOR)) return child as HTMLElement;
  const rows = child.querySelectorAll<HTMLElement>(LINE_SELECTOR);
  return edge === 'start' ? rows[0] : rows[rows.length - 1];
}

/** Characters of a line's shown text before the boundary; 0 or the whole line when outside its text. */
function offsetInLine(row: HTMLElement, node: Node, offset: number, edge: 'start' | 'end'): number {
  const text = row.querySelector(TEXT_SELECTOR);
  if (!text) return 0;
  if (!text.contains(node)) {
    // A boundary after the text (the row's end) or before it (the gutter).
    const after = text.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING;
    return (edge === 'end' && after) || (edge === 'end' && !row.contains(node)) ? Number.POSITIVE_INFINITY : 0;
  }
  const range = document.createRange();
  range.setStart(text, 0);
  range.setEnd(node, offset);
  return range.toString().length;
}

/**
 * Maps the page's text selection to source lines through the `data-line` attribute of each line
 * row, and to plain-text characters within the first and last line. The quote is rebuilt from the
 * lines' plain text (the DOM holds only the rows on screen), extended to whole words.
 */
export function selectionToLines(selection: Selection | null, viewer: HTMLElement, shown: ShownLines): LineSelection | undefined {
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return undefined;
  const range = selection.getRangeAt(0);
  if (!viewer.contains(range.commonAncestorContainer)) return undefined;
  const startRow = lineRowAt(range.startContainer, range.startOffset, 'start');
  const endRow = lineRowAt(range.endContainer, range.endOffset, 'end');
  if (!startRow || !endRow) return undefined;
  let startLine = Number(startRow.dataset.line);
  let endLine = Number(endRow.dataset.line);
  if (!Number.isInteger(startLine) || !Number.isInteger(endLine) || endLine < startLine) return undefined;
  const toPlain = (line: number, shownOffset: number) => {
    const read = shown.line(line);
    if (!read) return undefined;
    if (!Number.isFinite(shownOffset)) return read.text.length;
    return shown.showsMarkdown ? plainOffsetOf(read, shownOffset) : Math.min(shownOffset, read.text.length);
  };
  let startOffset = toPlain(startLine, offsetInLine(startRow, range.startContainer, range.startOffset, 'start'));
  let endOffset = toPlain(endLine, offsetInLine(endRow, range.endContainer, range.endOffset, 'end'));
  if (startOffset === undefined || endOffset === undefined) return { startLine, endLine };
  // A drag or triple-click that ends at the very start of the next line did not select it (an
  // empty line has only that position, so ending on one selects it); one that starts at the very
  // end of a line with text did not select that line.
  if (endLine > startLine && endOffset === 0 && (shown.line(endLine)?.text.length ?? 0) > 0) {
    endLine -= 1;
    endOffset = shown.line(endLine)?.text.length ?? 0;
  }
  const startLength = shown.line(startLine)?.text.length ?? 0;
  if (endLine > startLine && startLength > 0 && startOffset >= startLength) {
    startLine += 1;
    startOffset = 0;
  }
  const text = (line: number) => shown.line(line)?.text;
  const snapped = snapSelection({ startLine, startOffset, endLine, endOffset }, text);
  const quote = quoteOf(startLine, endLine, snapped.startOffset, snapped.endOffset, text);
  if (quote === undefined) return { startLine, endLine };
  return { startLine, endLine, startChar: snapped.startOffset, endChar: snapped.endOffset, quote };
}

/** The plain text from `startOffset` of the first line to `endOffset` of the last, lines joined by `\n`. */
export function quoteOf(startLine: number, endLine: number, startOffset: number, endOffset: number, lineText: (line: number) => string | undefined): string | undefined {
  const parts: string[] = [];
  for (let line = startLine; line <= endLine; line++) {
    const text = lineText(line);
    if (text === undefined) return undefined;
    const from = line === startLine ? startOffset : 0;
    const to = line === endLine ? endOffset : text.length;
    parts.push(text.slice(from, to));
  }
  const quote = parts.join('\n');
  return quote.trim() === '' ? undefined : quote;
}
