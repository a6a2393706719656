import type { IpcResult } from '../../schemas/errors.ts';
import type { Api } from './create-api.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { rpcErrorBodyOf } from './rpc-error.ts';
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
export async function handleIpcCall(api: Pick<Api, 'callUntrusted'>, sender: IpcSender, method: unknown, input: unknown): Promise<IpcResult> {
  return guarded(sender, () => api.callUntrusted(String(method), input));
}

/** The upload path of the Electron transport: bytes from the page into the blob store. */
export async function handleIpcPutBlob(api: Pick<Api, 'putBlob'>, sender: IpcSender, bytes: unknown): Promise<IpcResult> {
  return guarded(sender, async () => {
    if (!(bytes instanceof ArrayBuffer) && !ArrayBuffer.isView(bytes)) throw new LhbError('bad_request', 'putBlob takes the file bytes as an ArrayBuffer.');
    const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return api.putBlob(view);
  });
}

async function guarded(sender: IpcSender, run: () => Promise<unknown>): Promise<IpcResult> {
  if (!isTrustedIpcSender(sender.frameUrl, sender.isTopFrame)) {
    return { ok: false, error: { code: 'forbidden', message: 'This frame may not call LH-Bench Studio.' } };
  }
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const rpcError = rpcErrorBodyOf(error);
    if (rpcError) return { ok: false, error: rpcError };
    console.error(error);
    return { ok: false, error: { code: 'internal', message: 'Unexpected error; nothing was changed. See the terminal for details.' } };
  }
}
