import { useEffect, useLayoutEffect, type RefObject } from 'react';
import { sourceOffsetOf } from '../../schemas/markdown-line/markdown-line.ts';
import type { LineSelection, ShownLines } from './selection-to-lines.ts';

/** The CSS highlight the quote-to-be is painted with (`::highlight(quote-preview)` in annotator.css). */
const HIGHLIGHT = 'quote-preview';

interface HighlightRegistry {
  set(name: string, highlight: unknown): void;
  delete(name: string): void;
}
type HighlightConstructor = new (...ranges: Range[]) => unknown;

const registry = (): { highlights: HighlightRegistry; Highlight: HighlightConstructor } | undefined => {
  const highlights = (globalThis.CSS as unknown as { highlights?: HighlightRegistry } | undefined)?.highlights;
  const Highlight = (globalThis as unknown as { Highlight?: HighlightConstructor }).Highlight;
  return highlights && Highlight ? { highlights, Highlight } : undefined;
};

/** A DOM range over characters `from`..`to` of `element`'s text. */
function rangeOver(element: Element, from: number, to: number): Range | undefined {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  let seen = 0;
  let started = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const length = node.textContent?.length ?? 0;
    if (!started && from <= seen + length) {
      range.setStart(node, from - seen);
      started = true;
    }
    if (started && to <= seen + length) {
      range.setEnd(node, to - seen);
      return range;
    }
    seen += length;
  }
  return undefined;
}

/**
 * Paints the quote a selection will make (its characters, extended to whole words) before it is
 * cited, with the CSS Custom Highlight API: no element is added or changed, so a drag in progress
 * keeps its place and the text does not move. Repainted after every render of the window.
 */
export function useQuotePreview(viewerRef: RefObject<HTMLElement | null>, selection: LineSelection | undefined, shown: RefObject<ShownLines>): void {
  useLayoutEffect(() => {
    const api = registry();
    const viewer = viewerRef.current;
    if (!api || !viewer) return;
    if (!selection || selection.startChar === undefined || selection.endChar === undefined) {
      api.highlights.delete(HIGHLIGHT);
      return;
    }
    const ranges: Range[] = [];
    for (const row of viewer.querySelectorAll<HTMLElement>('[data-line]')) {
      const line = Number(row.dataset.line);
      if (!(line >= selection.startLine && line <= selection.endLine)) continue;
      const read = shown.current.line(line);
      const text = row.querySelector('[data-line-text]');
      if (!read || !text) continue;
      const from = line === selection.startLine ? selection.startChar : 0;
      const to = line === selection.endLine ? selection.endChar : read.text.length;
      if (to <= from) continue;
      const markdown = shown.current.showsMarkdown;
      const range = rangeOver(text, markdown ? sourceOffsetOf(read, from) : from, markdown ? sourceOffsetOf(read, to) : to);
      if (range) ranges.push(range);
    }
    api.highlights.set(HIGHLIGHT, new api.Highlight(...ranges));
  });
  useEffect(() => () => registry()?.highlights.delete(HIGHLIGHT), []);
}
