/** Where typing happens: native undo and plain letters belong to the field there, not to us. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  const field = element.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]');
  if (!field) return false;
  // Buttons, checkboxes and the like are inputs that take no text.
  if (field.tagName === 'INPUT') return !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color'].includes((field as HTMLInputElement).type);
  return true;
}

export type AnnotatorShortcut = 'undo' | 'redo' | 'cite';

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

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
