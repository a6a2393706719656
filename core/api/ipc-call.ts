import type { IpcResult } from '../../schemas/errors.ts';
import type { Api } from './create-api.ts';
import { RpcError } from './rpc-error.ts';
import { isTrustedIpcSender } from './trusted-ipc-sender.ts';

export interface IpcSender {
  /** URL of the frame that sent the message. */
  frameUrl: string | undefined;
  /** Whether that frame is the window's top frame. */
  isTopFrame: boolean;
}

/**
 * The Electron transport's whole behaviour, kept out of electron/ so it is tested: check the
 * sender before anything else, then dispatch, and wrap the outcome in an envelope (an IPC
 * rejection would lose the error code).
 */
export async function handleIpcCall(api: Pick<Api, 'call'>, sender: IpcSender, method: unknown, input: unknown): Promise<IpcResult> {
  if (!isTrustedIpcSender(sender.frameUrl, sender.isTopFrame)) {
    return { ok: false, error: { code: 'forbidden', message: 'This frame may not call LH-Bench Studio.' } };
  }
  try {
    return { ok: true, value: await api.call(String(method), input) };
  } catch (error) {
    if (error instanceof RpcError) return { ok: false, error: { code: error.code, message: error.message } };
    console.error(error);
    return { ok: false, error: { code: 'internal', message: 'Unexpected error; nothing was changed. See the terminal for details.' } };
  }
}
