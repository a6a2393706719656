// Keyboard helpers every screen's shortcut mapping shares.

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

/** The parts of a KeyboardEvent a shortcut mapping reads (tests pass plain objects). */
export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}
