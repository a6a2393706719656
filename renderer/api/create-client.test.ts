import { describe, expect, it } from 'vitest';
import type { PreloadBridge } from '../../schemas/rpc.ts';
import { chooseClient } from './create-client.ts';
import { RpcCallError } from './rpc-call-error.ts';

/** Just enough of a browser window for the client choice: URL, sessionStorage, history. */
function fakeWindow(hash: string, stored?: string, bridge?: PreloadBridge) {
  const storage = new Map<string, string>(stored ? [['lhb.token', stored]] : []);
  const location = { hash, pathname: '/', search: '' };
  const replaced: string[] = [];
  const win = {
    lhb: bridge,
    location,
    sessionStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) },
    history: { replaceState: (_s: unknown, _t: string, url: string) => void replaced.push(url) },
  };
  return { win: win as unknown as Window & { lhb?: PreloadBridge }, storage, replaced };
}

describe('chooseClient', () => {
  it('uses IPC when the preload bridge is on the page', async () => {
    const calls: [string, unknown][] = [];
    const bridge: PreloadBridge = {
      call: async (method, input) => {
        calls.push([method, input]);
        return { ok: true, value: { jobs: [] } };
      },
      putBlob: async () => ({ ok: true, value: { sha256: 'a'.repeat(64), sizeBytes: 3 } }),
      onEvent: () => () => {},
    };
    const choice = chooseClient(fakeWindow('', undefined, bridge).win);
    expect(choice.kind).toBe('ipc');
    if (choice.kind !== 'ipc') return;
    await expect(choice.client.call('jobs.list', {})).resolves.toEqual({ jobs: [] });
    expect(calls).toEqual([['jobs.list', {}]]);
  });

  it('turns an IPC error envelope into an RpcCallError with its code', async () => {
    const bridge: PreloadBridge = {
      call: async () => ({ ok: false, error: { code: 'bad_request', message: 'jobId: expected string' } }),
      putBlob: async () => ({ ok: false, error: { code: 'payload_too_large', message: 'The file is too big' } }),
      onEvent: () => () => {},
    };
    const choice = chooseClient(fakeWindow('', undefined, bridge).win);
    if (choice.kind !== 'ipc') throw new Error('expected IPC');
    const failure = await choice.client.call('jobs.cancel', { jobId: 'x' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RpcCallError);
    expect(failure).toMatchObject({ code: 'bad_request', message: 'jobId: expected string' });
    await expect(choice.client.putBlob(new ArrayBuffer(3))).rejects.toMatchObject({ code: 'payload_too_large' });
  });

  it('reads the token from the fragment once, keeps it for reloads and clears the address bar', () => {
    const first = fakeWindow('#token=abc%2D123');
    expect(chooseClient(first.win).kind).toBe('http');
    expect(first.storage.get('lhb.token')).toBe('abc-123');
    expect(first.replaced).toEqual(['/#/']);

    const reload = fakeWindow('#/runs', 'abc-123');
    expect(chooseClient(reload.win).kind).toBe('http');
    expect(reload.replaced).toEqual([]);
  });

  it('reports a missing token instead of calling the API without one', () => {
    expect(chooseClient(fakeWindow('#/annotate').win).kind).toBe('no-token');
  });
});
