import { setMaxListeners } from 'node:events';

/**
 * Calls `onAbort` when the signal aborts; returns the function that stops listening. A judging
 * job shares one signal among every request it makes (hundreds queued at once), and each holds
 * a listener only while it waits or runs, so Node's "possible memory leak" warning after 10
 * listeners is lifted for that signal: the listeners are removed, not leaked.
 */
export function onAbort(signal: AbortSignal, listener: () => void): () => void {
  setMaxListeners(0, signal);
  signal.addEventListener('abort', listener, { once: true });
  return () => signal.removeEventListener('abort', listener);
}
