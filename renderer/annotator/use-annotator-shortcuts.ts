import { useEffect } from 'react';
import { useAnnotatorStore } from './annotator-store.ts';
import { shortcutFor } from './keyboard-intent.ts';

/**
 * While the annotator is on screen: Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo and redo the last
 * annotator action (in Curate mode, the gold plan's last step), C cites the selected lines, M and W switch how the document shows. Text
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
      // In Curate mode the history is the gold plan's, as the Undo and Redo buttons say.
      if (shortcut === 'undo') void (store.curating ? store.goldStep('undo') : store.undo());
      else if (shortcut === 'redo') void (store.curating ? store.goldStep('redo') : store.redo());
      else if (shortcut === 'markdown') store.toggleMarkdown();
      else if (shortcut === 'wrap') store.toggleWrap();
      // Curate mode writes only the gold plan: C would cite into the plan on screen, unseen.
      else if (!store.curating) void store.citeSelection();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
