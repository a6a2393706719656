import { describe, expect, it } from 'vitest';
import type { ImportResult } from '../../schemas/import.ts';
import type { AppEvent, Job } from '../../schemas/jobs.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { createImportStore } from './import-store.ts';

const job = (id: string, state: Job['state'], message: string): Job => ({ id, kind: 'import.hf', title: 'Import', state, done: 0, total: 4, message, createdAt: '', updatedAt: '' });
const result: ImportResult = {
  dir: '/srv/release',
  format: 'parquet',
  subsets: [{ subset: 'chapters', rows: 3, added: 0, unchanged: 2, conflicts: 1 }],
  conflicts: [{ kind: 'chapter', id: 'ch-1', title: 'Trend', detail: 'Both sides changed this chapter.', local: 'ours', incoming: 'theirs', keptAs: 'ch-1~import-abc', alreadyKept: false }],
  notes: [],
};

function fakeServer() {
  const listeners = new Set<(event: AppEvent) => void>();
  const calls: { method: string; input: unknown }[] = [];
  const client: RpcClient = {
    call: (async (method: string, input: unknown) => {
      calls.push({ method, input });
      if (method === 'import.hf') return { jobId: 'job-1' };
      if (method === 'import.result') return { result };
      throw new Error(`unexpected ${method}`);
    }) as RpcClient['call'],
    putBlob: async () => ({ sha256: '', sizeBytes: 0 }),
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const emit = (changed: Job) => listeners.forEach((listener) => listener({ type: 'job', job: changed }));
  return { client, calls, emit };
}

describe('import store', () => {
  it('asks for a folder before starting anything', async () => {
    const server = fakeServer();
    const store = createImportStore();
    store.getState().connect(server.client);
    await store.getState().start();
    expect(store.getState().phase).toBe('failed');
    expect(store.getState().message).toMatch(/Type the dataset folder/);
    expect(server.calls).toEqual([]);
  });

  it('starts import.hf on the folder, follows the job and shows the conflicts it kept', async () => {
    const server = fakeServer();
    const store = createImportStore();
    store.getState().connect(server.client);
    store.getState().setDir('  /srv/release ');
    await store.getState().start();
    expect(server.calls[0]).toEqual({ method: 'import.hf', input: { dir: '/srv/release' } });
    server.emit(job('job-1', 'running', 'Reading data/chapters/train-00000-of-00001.parquet…'));
    expect(store.getState().message).toBe('Reading data/chapters/train-00000-of-00001.parquet…');
    server.emit(job('job-1', 'succeeded', 'Imported /srv/release: 0 records added, 2 already in this workspace, 1 conflict to resolve (both versions kept).'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().phase).toBe('succeeded');
    expect(store.getState().result?.conflicts[0]).toMatchObject({ local: 'ours', incoming: 'theirs' });
  });

  it('shows a refusal as the job said it: what is wrong and where', async () => {
    const server = fakeServer();
    const store = createImportStore();
    store.getState().connect(server.client);
    store.getState().setDir('/srv/broken');
    await store.getState().start();
    server.emit(job('job-1', 'failed', 'data/preferences/train-00000-of-00001.parquet is not a readable Parquet file (…). Nothing was imported; the workspace is unchanged.'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().phase).toBe('failed');
    expect(store.getState().message).toContain('data/preferences/train-00000-of-00001.parquet is not a readable Parquet file');
    expect(store.getState().result).toBeUndefined();
  });
});
