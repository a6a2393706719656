import { snapSelection } from './snap-selection.ts';

/** A span of source lines picked by the user, with the exact text picked when known. */
export interface LineSelection {
  startLine: number;
  endLine: number;
  /** The selected text; undefined lets the server quote the whole lines. */
  quote?: string;
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

/** Characters of a line's text before the boundary; 0 or the whole line when outside its text. */
function offsetInLine(row: HTMLElement, node: Node, offset: number, edge: 'start' | 'end'): number {
  const text = row.querySelector(TEXT_SELECTOR);
  if (!text) return 0;
  if (!text.contains(node)) return edge === 'start' ? 0 : (text.textContent ?? '').length;
  const range = document.createRange();
  range.setStart(text, 0);
  range.setEnd(node, offset);
  return range.toString().length;
}

/**
 * Maps the page's text selection to source lines through the `data-line` attribute of each line
 * row. The quote is rebuilt from the lines' own text (the DOM holds gutter numbers and only the
 * rows on screen), so it is exactly what the user selected within the source.
 */
export function selectionToLines(selection: Selection | null, viewer: HTMLElement, lineText: (line: number) => string | undefined): LineSelection | undefined {
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return undefined;
  const range = selection.getRangeAt(0);
  if (!viewer.contains(range.commonAncestorContainer)) return undefined;
  const startRow = lineRowAt(range.startContainer, range.startOffset, 'start');
  const endRow = lineRowAt(range.endContainer, range.endOffset, 'end');
  if (!startRow || !endRow) return undefined;
  const startLine = Number(startRow.dataset.line);
  let endLine = Number(endRow.dataset.line);
  const startOffset = offsetInLine(startRow, range.startContainer, range.startOffset, 'start');
  let endOffset = offsetInLine(endRow, range.endContainer, range.endOffset, 'end');
  // A drag or triple-click that ends at the very start of the next line did not select it (an
  // empty line has only that position, so ending on one selects it).
  if (endLine > startLine && endOffset === 0 && (lineText(endLine) ?? '').length > 0) {
    endLine -= 1;
    endOffset = Number.POSITIVE_INFINITY;
  }
  if (!Number.isInteger(startLine) || !Number.isInteger(endLine) || endLine < startLine) return undefined;
  // A quote is what was meant, not where the mouse stopped: whole words, or whole lines when mostly selected.
  const snapped = snapSelection({ startLine, startOffset, endLine, endOffset }, lineText);
  return { startLine, endLine, quote: quoteOf(startLine, endLine, snapped.startOffset, snapped.endOffset, lineText) };
}

function quoteOf(startLine: number, endLine: number, startOffset: number, endOffset: number, lineText: (line: number) => string | undefined): string | undefined {
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
