import { isTypingTarget, type KeyLike } from '../ui/keyboard.ts';

export type AnnotatorShortcut = 'undo' | 'redo' | 'cite' | 'markdown' | 'wrap';

/**
 * The annotator's global keys: Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo (Cmd on macOS), C to
 * cite the selected lines, M to show the Markdown source or formatted text, W to wrap long lines
 * or keep them long. None of them fire while a text field has focus.
 */
export function shortcutFor(event: KeyLike): AnnotatorShortcut | undefined {
  if (isTypingTarget(event.target) || event.altKey) return undefined;
  const key = event.key.toLowerCase();
  const command = event.ctrlKey || event.metaKey;
  if (command && key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (command && key === 'y' && !event.shiftKey) return 'redo';
  if (!command && !event.shiftKey && key === 'c') return 'cite';
  if (!command && !event.shiftKey && key === 'm') return 'markdown';
  if (!command && !event.shiftKey && key === 'w') return 'wrap';
  return undefined;
}
