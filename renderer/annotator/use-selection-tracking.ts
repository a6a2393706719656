import { useEffect, type RefObject } from 'react';
import { selectionToLines, type LineSelection, type ShownLines } from './selection-to-lines.ts';

/**
 * Follows the page's text selection while it lies in the viewer and reports it as lines. A
 * selection that collapses is not reported as "nothing selected": rows scrolling out of the
 * virtual window collapse it too. A fresh click in the text replaces it with the clicked line.
 */
export function useSelectionTracking(viewerRef: RefObject<HTMLElement | null>, shown: RefObject<ShownLines>, onSelect: (selection: LineSelection | undefined) => void): void {
  useEffect(() => {
    const viewer = viewerRef.current;
    if (!viewer) return;
    const onSelectionChange = () => {
      const selection = document.getSelection();
      if (!selection || selection.isCollapsed) return;
      const picked = selectionToLines(selection, viewer, shown.current);
      if (picked) onSelect(picked);
    };
    const onMouseDown = (event: MouseEvent) => {
      if (event.button !== 0 || (event.target as Element).closest('button')) return;
      // A line number is not text to drag through: a press on it puts the line cursor on its line
      // at once (and keeps the keyboard here), so Shift+↓ goes on from that line.
      const gutterLine = lineOfGutter(event.target as Element);
      if (gutterLine !== undefined && !event.shiftKey) {
        event.preventDefault();
        document.getSelection()?.removeAllRanges();
        viewer.focus({ preventScroll: true });
        onSelect({ startLine: gutterLine, endLine: gutterLine });
        return;
      }
      if (!event.shiftKey) onSelect(undefined);
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
  }, [viewerRef, shown, onSelect]);
}

/** The line whose number `target` is (or is inside), if it is one. */
function lineOfGutter(target: Element): number | undefined {
  if (!target.closest('.line__gutter')) return undefined;
  const line = Number(target.closest<HTMLElement>('[data-line]')?.dataset.line);
  return Number.isInteger(line) && line > 0 ? line : undefined;
}
