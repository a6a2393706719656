import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { SLIDE_SYNC_TAG, SlideTurnedMessageSchema, type SlideTurn, type TurnSlideMessage } from '../../schemas/slide-sync.ts';

/** Turns relayed from one deck to the other at most this often: a build posting a flood moves the other side no faster than a held key. */
const MIN_RELAY_GAP_MS = 30;

/**
 * Keeps the two decks of a presentation pair on the same slide: `turnBoth` turns both (the
 * page's buttons and keys), and a slide key the voter presses inside one deck, which that deck
 * handles itself, turns the other one too. Only messages from the two frames themselves (opaque
 * origins, so `null`) and of the exact shape are heard (schemas/slide-sync.ts); nothing else
 * from the frames is ever read.
 */
export function useSlideSync(left: RefObject<HTMLIFrameElement | null>, right: RefObject<HTMLIFrameElement | null>): { turnBoth(turn: SlideTurn): void; turnOne(side: 'left' | 'right', turn: SlideTurn): void } {
  const lastRelay = useRef(0);

  const turn = useCallback((frame: HTMLIFrameElement | null, direction: SlideTurn) => {
    const message: TurnSlideMessage = { [SLIDE_SYNC_TAG]: 1, turn: direction };
    // An opaque origin can only be addressed as '*'; the message holds nothing but the direction.
    frame?.contentWindow?.postMessage(message, '*');
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const from = [left.current, right.current].find((frame) => frame?.contentWindow != null && frame.contentWindow === event.source);
      if (!from || event.origin !== 'null') return;
      const parsed = SlideTurnedMessageSchema.safeParse(event.data);
      if (!parsed.success) return;
      const now = performance.now();
      if (now - lastRelay.current < MIN_RELAY_GAP_MS) return;
      lastRelay.current = now;
      turn(from === left.current ? right.current : left.current, parsed.data.turned);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [left, right, turn]);

  return {
    turnBoth: useCallback(
      (direction: SlideTurn) => {
        turn(left.current, direction);
        turn(right.current, direction);
      },
      [left, right, turn],
    ),
    turnOne: useCallback((side: 'left' | 'right', direction: SlideTurn) => turn((side === 'left' ? left : right).current, direction), [left, right, turn]),
  };
}
