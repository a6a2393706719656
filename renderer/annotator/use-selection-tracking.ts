import { useEffect, type RefObject } from 'react';
import type { LineWindowCache } from './line-window-cache.ts';
import { selectionToLines, type LineSelection } from './selection-to-lines.ts';

/**
 * Follows the page's text selection while it lies in the viewer and reports it as lines. A
 * selection that collapses is not reported as "nothing selected": rows scrolling out of the
 * virtual window collapse it too. A fresh click in the text replaces it with the clicked line.
 */
export function useSelectionTracking(viewerRef: RefObject<HTMLElement | null>, lines: LineWindowCache, onSelect: (selection: LineSelection | undefined) => void): void {
  useEffect(() => {
    const viewer = viewerRef.current;
    if (!viewer) return;
    const onSelectionChange = () => {
      const selection = document.getSelection();
      if (!selection || selection.isCollapsed) return;
      const picked = selectionToLines(selection, viewer, (line) => lines.getLine(line));
      if (picked) onSelect(picked);
    };
    const onMouseDown = (event: MouseEvent) => {
      if (event.button === 0 && !event.shiftKey && !(event.target as Element).closest('button')) onSelect(undefined);
    };
    // A plain click on a line puts the line cursor there: C cites that line, Shift+↓ extends.
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.shiftKey || (event.target as Element).closest('button')) return;
      if (!document.getSelection()?.isCollapsed) return;
      const row = (event.target as Element).closest<HTMLElement>('[data-line]');
      const line = Number(row?.dataset.line);
      if (Number.isInteger(line) && line > 0) onSelect({ startLine: line, endLine: line });
    };
    document.addEventListener('selectionchange', onSelectionChange);
    viewer.addEventListener('mousedown', onMouseDown);
    viewer.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('selectionchange', onSelectionChange);
      viewer.removeEventListener('mousedown', onMouseDown);
      viewer.removeEventListener('click', onClick);
    };
  }, [viewerRef, lines, onSelect]);
}
