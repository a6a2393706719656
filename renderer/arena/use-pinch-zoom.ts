import { useRef, type PointerEvent } from 'react';
import { pinchZoom, type FrameZoom } from './frame-zoom.ts';

interface Pinch {
  distance: number;
  /** The drawn width as a multiple of the pane's, when the fingers landed. */
  factor: number;
  /** The point between the fingers, in the content at the fitted width: it stays under the fingers. */
  at: { x: number; y: number };
}

const between = (a: { x: number; y: number }, b: { x: number; y: number }) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, distance: Math.hypot(a.x - b.x, a.y - b.y) });

/**
 * Two fingers on a pane of the larger view zoom it, as a photo viewer does: the zoom is the
 * dialog's one zoom (the buttons' and keys'), so both sides of a comparison grow together, and the
 * spot between the fingers stays under them. One finger still scrolls (the panes allow panning
 * only, so the browser leaves pinches to this), and the other side scrolls with it.
 */
export function usePinchZoom(setZoom: (zoom: FrameZoom) => void) {
  const fingers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<Pinch | undefined>(undefined);

  const lift = (event: PointerEvent<HTMLElement>) => {
    fingers.current.delete(event.pointerId);
    if (fingers.current.size < 2) pinch.current = undefined;
  };

  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType !== 'touch') return;
      fingers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (fingers.current.size !== 2) return;
      const pane = event.currentTarget;
      const content = pane.firstElementChild;
      const [a, b] = [...fingers.current.values()] as [{ x: number; y: number }, { x: number; y: number }];
      const mid = between(a, b);
      const box = pane.getBoundingClientRect();
      const factor = content && pane.clientWidth > 0 ? content.getBoundingClientRect().width / pane.clientWidth : 1;
      pinch.current = { distance: mid.distance, factor, at: { x: (pane.scrollLeft + mid.x - box.left) / factor, y: (pane.scrollTop + mid.y - box.top) / factor } };
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (!fingers.current.has(event.pointerId)) return;
      fingers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const start = pinch.current;
      if (!start || fingers.current.size !== 2) return;
      const [a, b] = [...fingers.current.values()] as [{ x: number; y: number }, { x: number; y: number }];
      const mid = between(a, b);
      const zoom = pinchZoom(start.factor, start.distance, mid.distance);
      setZoom(zoom);
      const pane = event.currentTarget;
      const factor = zoom === 'fit' ? 1 : (zoom as number);
      // Once the new width is drawn: the spot that was between the fingers goes back under them.
      requestAnimationFrame(() => {
        const box = pane.getBoundingClientRect();
        pane.scrollLeft = start.at.x * factor - (mid.x - box.left);
        pane.scrollTop = start.at.y * factor - (mid.y - box.top);
      });
    },
    onPointerUp: lift,
    onPointerCancel: lift,
  };
}
