import { INVITE_TOKEN_PREFIX } from '../../schemas/invites.ts';
import type { PreloadBridge, RpcClient } from '../../schemas/rpc.ts';
import { createHttpClient } from './http-client.ts';
import { createIpcClient } from './ipc-client.ts';
import { takeSessionToken } from './session-token.ts';

export type ClientChoice =
  /** `invite`: the token has an invite link's shape, so ask the server what it may do before showing anything. */
  | { kind: 'ipc' | 'http'; client: RpcClient; invite?: boolean }
  | { kind: 'no-token' };

/** IPC when Electron's preload bridge is on the page; HTTP with the launch token otherwise. */
export function chooseClient(win: Window & { lhb?: PreloadBridge }): ClientChoice {
  if (win.lhb) return { kind: 'ipc', client: createIpcClient(win.lhb) };
  const token = takeSessionToken(win.location, win.sessionStorage, win.history);
  if (!token) return { kind: 'no-token' };
  return { kind: 'http', client: createHttpClient(token), invite: token.startsWith(INVITE_TOKEN_PREFIX) };
}
