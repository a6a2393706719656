// The only bridge between the page and the main process. Sandboxed preloads cannot load our
// modules, so this file stands alone; its shape is checked against the contract's types.
import electron = require('electron');
import type { IpcRendererEvent } from 'electron';
import type { IPC_BLOB_CHANNEL, IPC_EVENT_CHANNEL, IPC_RPC_CHANNEL, PreloadBridge } from '../schemas/rpc.ts';

const { contextBridge, ipcRenderer } = electron;

const RPC_CHANNEL: typeof IPC_RPC_CHANNEL = 'lhb:rpc';
const EVENT_CHANNEL: typeof IPC_EVENT_CHANNEL = 'lhb:event';
const BLOB_CHANNEL: typeof IPC_BLOB_CHANNEL = 'lhb:blob';

const bridge = {
  call: (method: string, input: unknown): Promise<unknown> => ipcRenderer.invoke(RPC_CHANNEL, String(method), input),
  putBlob: (bytes: ArrayBuffer): Promise<unknown> => ipcRenderer.invoke(BLOB_CHANNEL, bytes),
  onEvent: (listener: (event: unknown) => void): (() => void) => {
    // The page gets the event payload only, never the IpcRendererEvent (which exposes `sender`).
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward);
    };
  },
} satisfies PreloadBridge;

contextBridge.exposeInMainWorld('lhb', bridge);
