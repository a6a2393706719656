import { useSyncExternalStore } from 'react';

/** Below this width the pair shows one side at a time, with a Left/Right switch (SideSwitch.tsx). */
const NARROW_QUERY = '(max-width: 700px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the window is a phone's width (under ~700 px), following it as the window turns or resizes. */
export function useNarrowWindow(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(NARROW_QUERY).matches, () => false);
}
