import { useEffect, useRef } from 'react';

/**
 * Shows a native modal <dialog> while mounted (the rest of the app is inert, Esc closes it) and
 * calls `onClose` once it has closed, however it was closed.
 */
export function useModalDialog(onClose: () => void) {
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
