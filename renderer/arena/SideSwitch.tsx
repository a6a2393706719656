import { useRef, type PointerEvent } from 'react';
import type { Side } from './vote-draft.ts';

const SIDES: readonly { side: Side; label: string }[] = [
  { side: 'left', label: 'Left' },
  { side: 'right', label: 'Right' },
];

/** A horizontal swipe of at least this many CSS pixels, mostly sideways, turns to the other side. */
const SWIPE_MIN_PX = 48;

/**
 * On a phone's width the pair shows one side at a time in the same place, so a voter flips between
 * them as between two prints; this segmented switch says which side is shown and turns to the
 * other. Both labels stay in it, held at the top while the frames scroll.
 */
export function SideSwitch({ shown, onShow }: { shown: Side; onShow: (side: Side) => void }) {
  return (
    <div className="side-switch" role="group" aria-label="Side shown">
      {SIDES.map(({ side, label }) => (
        <button key={side} type="button" aria-pressed={shown === side} onClick={() => onShow(side)}>
          {label}
        </button>
      ))}
    </div>
  );
}

/**
 * A swipe by touch on the shown side: right to left shows Right, left to right shows Left, as a
 * page turns. The area lets the browser scroll it up and down (touch-action: pan-y in CSS) and
 * leaves sideways moves to this.
 */
export function useSideSwipe(onShow: (side: Side) => void) {
  const start = useRef<{ id: number; x: number; y: number } | undefined>(undefined);
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType === 'touch' && event.isPrimary) start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = undefined;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < 2 * Math.abs(dy)) return;
      onShow(dx < 0 ? 'right' : 'left');
    },
    onPointerCancel: () => {
      start.current = undefined;
    },
  };
}
