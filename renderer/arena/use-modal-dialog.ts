import { useEffect, useRef, type MouseEvent, type RefObject } from 'react';

/**
 * Shows a <dialog> modally while mounted (the rest of the app inert, Esc closes it) and calls
 * `onClose` once it has closed. Returns the dialog's ref and a click handler that closes it on a
 * click on the dimmed backdrop.
 */
export function useModalDialog(onClose: () => void): { dialog: RefObject<HTMLDialogElement | null>; closeOnBackdrop: (event: MouseEvent<HTMLDialogElement>) => void } {
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
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    const element = dialog.current;
    if (!element || event.target !== element) return;
    const box = element.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) element.close();
  };
  return { dialog, closeOnBackdrop };
}
