import { useEffect } from 'react';
import { useAnnotatorStore } from './annotator-store.ts';
import { shortcutFor } from './keyboard-intent.ts';

/**
 * While the annotator is on screen: Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo and redo the last
 * annotator action, C cites the selected lines, M and W switch how the document shows. Text
 * fields keep these keys for themselves.
 */
export function useAnnotatorShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const shortcut = shortcutFor(event);
      if (!shortcut) return;
      const store = useAnnotatorStore.getState();
      if (!store.dataRoom) return;
      event.preventDefault();
      if (shortcut === 'undo') void store.undo();
      else if (shortcut === 'redo') void store.redo();
      else if (shortcut === 'markdown') store.toggleMarkdown();
      else if (shortcut === 'wrap') store.toggleWrap();
      else void store.citeSelection();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
