import { useEffect } from 'react';
import { arenaIntentFor } from './arena-keys.ts';
import { useArenaStore } from './arena-store.ts';
import { CHOICE_WORDS } from './vote-words.ts';

export const REASON_FIELD_ID = 'arena-reason';
export const VOTE_REGION_ID = 'arena-vote';

/**
 * While the Vote tab shows a voter's screen: the voting keys of `arenaIntentFor`. Keys a focused
 * control handled itself (a rating's arrows, the tabs) arrive with defaultPrevented and are left alone.
 */
export function useArenaShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      if (document.querySelector('dialog[open]')) return;
      const intent = arenaIntentFor(event);
      if (!intent) return;
      const store = useArenaStore.getState();
      if (store.tab !== 'vote' || !store.annotatorId || store.choosingAnnotator) return;
      const onPair = store.itemPhase === 'ready' && store.item !== null;
      switch (intent.kind) {
        case 'toggleLegend':
          event.preventDefault();
          store.toggleLegend();
          return;
        case 'undo':
          event.preventDefault();
          void store.undo();
          return;
        case 'leaveField':
          event.preventDefault();
          document.getElementById(VOTE_REGION_ID)?.focus();
          return;
      }
      if (!onPair) return;
      event.preventDefault();
      switch (intent.kind) {
        case 'choose':
          store.dispatch({ type: 'choose', choice: intent.choice });
          store.announce(CHOICE_WORDS[intent.choice]);
          break;
        case 'digit': {
          const side = store.draft.cursor;
          store.dispatch({ type: 'digit', value: intent.value });
          store.announce(`${side === 'left' ? 'Left' : 'Right'} rating ${intent.value}`);
          break;
        }
        case 'clearRating':
          store.dispatch({ type: 'clearLast' });
          break;
        case 'focusReason':
          document.getElementById(REASON_FIELD_ID)?.focus();
          break;
        case 'submit':
          void store.submit();
          break;
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
