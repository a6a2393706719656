import type { PreloadBridge, RpcClient } from '../../schemas/rpc.ts';
import { createHttpClient } from './http-client.ts';
import { createIpcClient } from './ipc-client.ts';
import { takeSessionToken } from './session-token.ts';

export type ClientChoice = { kind: 'ipc' | 'http'; client: RpcClient } | { kind: 'no-token' };

/** IPC when Electron's preload bridge is on the page; HTTP with the launch token otherwise. */
export function chooseClient(win: Window & { lhb?: PreloadBridge }): ClientChoice {
  if (win.lhb) return { kind: 'ipc', client: createIpcClient(win.lhb) };
  const token = takeSessionToken(win.location, win.sessionStorage, win.history);
  if (!token) return { kind: 'no-token' };
  return { kind: 'http', client: createHttpClient(token) };
}
