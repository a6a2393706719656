import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, type RefObject } from 'react';

/** `start` puts the row at the top of the view (a kept place), `center` in its middle, `auto` just into view. */
export type ScrollAlign = 'auto' | 'center' | 'start';

interface PendingScroll {
  row: number;
  align: ScrollAlign;
  /** Frames in a row on which the row sat where it should, with every line on screen loaded. */
  settledFrames: number;
  deadline: number;
}

/** Frames the target must stay put (lines loaded, rows measured) before the view is left alone. */
const SETTLED_FRAMES = 4;
/** Give up correcting after this long: a source that never loads must not pin the view. */
const SETTLE_MS = 4000;
/** Pixels of drift accepted before the view is moved again. */
const TOLERANCE_PX = 2;

/** How far (px) the row must move down (positive) or up to sit where `align` puts it. */
export function alignmentError(viewTop: number, viewHeight: number, rowTop: number, rowHeight: number, align: ScrollAlign): number {
  // A row taller than the view is shown from its start: its middle alone would hide where it begins.
  if (align === 'center' && rowHeight < viewHeight) return rowTop + rowHeight / 2 - (viewTop + viewHeight / 2);
  if (align === 'start') return rowTop - viewTop;
  if (rowTop < viewTop) return rowTop - viewTop;
  const overflow = rowTop + Math.min(rowHeight, viewHeight) - (viewTop + viewHeight);
  return overflow > 0 ? overflow : 0;
}

/**
 * Scrolls to a row and keeps it there until the rows around it have loaded their text and been
 * measured. The virtualiser places a row from estimated heights; lines that wrap only grow once
 * their text arrives, which used to push the target off screen (a citation of line 806 opened at
 * 793–800). Each frame the row's real box is compared with where it belongs and the view is
 * corrected, until it holds still for a few frames, the user scrolls, or time runs out.
 */
export function useSettledScroll(viewerRef: RefObject<HTMLElement | null>, virtualizer: Virtualizer<HTMLDivElement, Element>, rowsLoaded: () => boolean) {
  const pending = useRef<PendingScroll | undefined>(undefined);
  const frame = useRef(0);
  const loaded = useRef(rowsLoaded);
  loaded.current = rowsLoaded;

  const step = useCallback(() => {
    frame.current = 0;
    const target = pending.current;
    const viewer = viewerRef.current;
    if (!target || !viewer) return;
    if (performance.now() > target.deadline) {
      pending.current = undefined;
      return;
    }
    const element = viewer.querySelector<HTMLElement>(`[data-index="${target.row}"]`);
    if (!element) {
      target.settledFrames = 0;
      virtualizer.scrollToIndex(target.row, { align: target.align });
    } else {
      const view = viewer.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      const error = alignmentError(view.top, viewer.clientHeight, box.top, box.height, target.align);
      if (Math.abs(error) > TOLERANCE_PX) {
        target.settledFrames = 0;
        viewer.scrollTop += error;
      } else if (loaded.current()) target.settledFrames++;
      else target.settledFrames = 0;
      if (target.settledFrames >= SETTLED_FRAMES) {
        pending.current = undefined;
        return;
      }
    }
    frame.current = requestAnimationFrame(step);
  }, [viewerRef, virtualizer]);

  const scrollToRow = useCallback(
    (row: number, align: ScrollAlign) => {
      virtualizer.scrollToIndex(row, { align });
      pending.current = { row, align, settledFrames: 0, deadline: performance.now() + SETTLE_MS };
      if (!frame.current) frame.current = requestAnimationFrame(step);
    },
    [virtualizer, step],
  );

  // The user taking over the scroll ends any correction: the view is theirs again.
  useEffect(() => {
    const viewer = viewerRef.current;
    if (!viewer) return;
    const release = () => (pending.current = undefined);
    viewer.addEventListener('wheel', release, { passive: true });
    viewer.addEventListener('pointerdown', release);
    viewer.addEventListener('touchstart', release, { passive: true });
    return () => {
      viewer.removeEventListener('wheel', release);
      viewer.removeEventListener('pointerdown', release);
      viewer.removeEventListener('touchstart', release);
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [viewerRef]);

  return scrollToRow;
}
