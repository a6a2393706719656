import { isTypingTarget, type KeyLike } from '../ui/keyboard.ts';

export type AnnotatorShortcut = 'undo' | 'redo' | 'cite';

/**
 * The annotator's global keys: Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo (Cmd on macOS), and C to
 * cite the selected lines. None of them fire while a text field has focus.
 */
export function shortcutFor(event: KeyLike): AnnotatorShortcut | undefined {
  if (isTypingTarget(event.target) || event.altKey) return undefined;
  const key = event.key.toLowerCase();
  const command = event.ctrlKey || event.metaKey;
  if (command && key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (command && key === 'y' && !event.shiftKey) return 'redo';
  if (!command && !event.shiftKey && key === 'c') return 'cite';
  return undefined;
}
