import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { createApi, type Api } from './create-api.ts';
import { handleIpcCall, handleIpcPutBlob } from './ipc-call.ts';
import { APP_ENTRY_URL } from './trusted-ipc-sender.ts';

let dir: string;
let api: Api;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-ipc-'));
  api = createApi(openWorkspace(dir));
});
afterEach(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const app = { frameUrl: APP_ENTRY_URL, isTopFrame: true };

describe('handleIpcCall', () => {
  it('answers our top frame with the method result', async () => {
    const result = await handleIpcCall(api, app, 'workspace.info', {});
    expect(result.ok).toBe(true);
    expect(result.ok && (result.value as { project: { name: string } }).project.name).toBe('Demo: Evaluating a data-dashboard build');
  });

  it('refuses a subframe or a foreign page before looking at the input', async () => {
    let called = false;
    const spy = { callUntrusted: async () => ((called = true), {}) };
    for (const sender of [
      { frameUrl: APP_ENTRY_URL, isTopFrame: false },
      { frameUrl: 'http://127.0.0.1:9/agent-ui/', isTopFrame: true },
      { frameUrl: 'file:///tmp/evil.html', isTopFrame: true },
      { frameUrl: undefined, isTopFrame: true },
    ]) {
      expect(await handleIpcCall(spy, sender, 'workspace.info', {})).toEqual({
        ok: false,
        error: { code: 'forbidden', message: expect.stringContaining('may not call') },
      });
    }
    expect(called).toBe(false);
  });

  it('keeps the error code of a refused input, naming the field', async () => {
    const result = await handleIpcCall(api, app, 'jobs.cancel', { jobId: 7 });
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringContaining('jobId'), field: 'jobId' } });
    expect(await handleIpcCall(api, app, 'no.such', {})).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('hides the details of an unexpected failure behind an internal error', async () => {
    const broken = { callUntrusted: async () => Promise.reject(new Error('disk on fire at /secret/path')) };
    const original = console.error;
    console.error = () => {};
    try {
      const result = await handleIpcCall(broken, app, 'workspace.info', {});
      expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
      expect(JSON.stringify(result)).not.toContain('/secret/path');
    } finally {
      console.error = original;
    }
  });
});

describe('handleIpcPutBlob', () => {
  it('stores bytes sent by our top frame and refuses other frames', async () => {
    const bytes = new TextEncoder().encode('# Notes\n\nA markdown file.\n');
    const stored = await handleIpcPutBlob(api, app, bytes.buffer);
    expect(stored.ok).toBe(true);
    const sha256 = stored.ok ? (stored.value as { sha256: string }).sha256 : '';
    expect(api.context.workspace.blobs.read(sha256).toString()).toBe('# Notes\n\nA markdown file.\n');
    expect(await handleIpcPutBlob(api, { frameUrl: APP_ENTRY_URL, isTopFrame: false }, bytes.buffer)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await handleIpcPutBlob(api, app, 'not bytes')).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });
});
