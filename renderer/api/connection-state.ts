import type { RpcClient } from '../../schemas/rpc.ts';

/**
 * Whether the tab still hears from the app's server (browser mode). Electron's IPC has no such
 * question: the window and the core live and die together.
 */
export type ConnectionState =
  | { kind: 'connected' }
  /** Nothing answers: the server stopped (Ctrl+C, a crash, the terminal closed) or cannot be reached. */
  | { kind: 'lost'; since: string }
  /** A server answers at this address but refuses this tab's token: it is a new launch with a new token. */
  | { kind: 'token-rejected'; since: string };

/** A client that can tell when it loses its server. */
export interface ConnectionWatch {
  /** Called with the current state at once, then on every change; returns an unsubscribe function. */
  onConnection(listener: (state: ConnectionState) => void): () => void;
  /**
   * Called each time the event stream opens, the first time included: events sent before it were
   * not heard, so a listener asks again for what it shows. Returns an unsubscribe function.
   */
  onStreamOpen(listener: () => void): () => void;
}

export function watchesConnection(client: RpcClient): client is RpcClient & ConnectionWatch {
  return typeof (client as Partial<ConnectionWatch>).onConnection === 'function';
}
