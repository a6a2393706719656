import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the keyboard is inside an agent frame within `container`. Such a frame is cross-origin,
 * so our page hears no key or focus event from inside it, and CSS `:focus-within` does not reach
 * across the frame's edge either: what our page does hear is its own window losing focus to the
 * frame (and getting it back), after which the frame is the active element.
 */
export function useFrameHasKeys(container: RefObject<HTMLElement | null>): boolean {
  const [hasKeys, setHasKeys] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    const check = () => {
      // activeElement is the frame only once the blur has finished.
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const active = document.activeElement;
        setHasKeys(active instanceof HTMLIFrameElement && container.current?.contains(active) === true);
      }, 0);
    };
    window.addEventListener('blur', check);
    window.addEventListener('focus', check);
    document.addEventListener('focusin', check);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('blur', check);
      window.removeEventListener('focus', check);
      document.removeEventListener('focusin', check);
    };
  }, [container]);
  return hasKeys;
}
