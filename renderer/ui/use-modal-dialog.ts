import { useEffect, useRef, type MouseEvent, type RefObject } from 'react';

/**
 * Shows a native modal <dialog> while mounted and calls `onClose` once it has closed, however it
 * was closed (Esc, a Close button, `closeOnBackdrop`, unmounting). The browser makes the rest of
 * the page inert and keeps the focus inside while it is open; the opener puts the focus back
 * where it was in `onClose`.
 */
export function useModalDialog(onClose: () => void): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeHandler = useRef(onClose);
  useEffect(() => {
    closeHandler.current = onClose;
  });
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    const closed = () => closeHandler.current();
    element.addEventListener('close', closed);
    return () => {
      element.removeEventListener('close', closed);
      if (element.open) element.close();
    };
  }, []);
  return dialog;
}

/**
 * A dialog's click handler that closes it on a click on the dimmed backdrop: such a click reaches
 * the <dialog> itself, outside its box. A pointer shortcut only; Esc and Close are the keyboard's.
 */
export function closeOnBackdrop(event: MouseEvent<HTMLDialogElement>): void {
  const element = event.currentTarget;
  if (event.target !== element) return;
  const box = element.getBoundingClientRect();
  const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
  if (!inside) element.close();
}
