import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExportResult } from '../../schemas/export.ts';
import type { AppEvent, Job } from '../../schemas/jobs.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';
import { createExportStore } from './export-store.ts';
import { memoryStorage } from '../ui/memory-storage.fixture.ts';

const job = (id: string, state: Job['state'], message: string, done = 0, total = 0): Job => ({ id, kind: 'export.hf', title: 'Export', state, done, total, message, createdAt: '', updatedAt: '' });
const result: ExportResult = {
  outDir: '/srv/out',
  format: 'parquet',
  pseudonymised: true,
  includesSynthetic: false,
  files: [{ subset: 'preferences', split: 'train', path: 'data/preferences/train-00000-of-00001.parquet', rows: 3, bytes: 900 }],
  rows: [{ subset: 'preferences', rows: 3 }],
  card: '---\nlicense: unknown\n---\n# Demo\n',
};

function fakeServer(options: { refuse?: string } = {}) {
  const listeners = new Set<(event: AppEvent) => void>();
  const calls: { method: string; input: unknown }[] = [];
  const client: RpcClient = {
    call: (async (method: string, input: unknown) => {
      // Asked once on connect, for the license remembered for the workspace (none in these tests).
      if (method === 'workspace.info') return { workspaceDir: '/srv/workspace' };
      calls.push({ method, input });
      if (method === 'export.hf') {
        if (options.refuse) throw new RpcCallError('forbidden', options.refuse);
        return { jobId: 'job-1' };
      }
      if (method === 'export.result') return { result };
      if (method === 'jobs.cancel') return { job: job('job-1', 'running', '') };
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

describe('the Export screen’s store', () => {
  it('starts export.hf with the chosen subsets and options, follows the job’s progress and shows what it wrote', async () => {
    const server = fakeServer();
    const store = createExportStore();
    store.getState().connect(server.client);
    store.getState().setOutDir('  /srv/out ');
    store.getState().toggleSubset('sources');
    store.getState().setFormat('jsonl');
    store.getState().setPseudonymise(true);
    await store.getState().start();
    expect(server.calls[0]).toEqual({
      method: 'export.hf',
      input: { outDir: '/srv/out', format: 'jsonl', subsets: ['chapters', 'preferences', 'preference_pairs', 'judgments', 'runs', 'rubrics', 'skills', 'tasks', 'studies', 'trajectories', 'pairwise_verdicts', 'control_judgments', 'harness_guesses'], pseudonymise: true, includeSynthetic: false, license: 'unknown' },
    });
    expect(store.getState().phase).toBe('exporting');
    server.emit(job('job-1', 'running', 'Writing preferences (train): 1000 of 3000 rows', 1000, 3000));
    expect(store.getState()).toMatchObject({ done: 1000, total: 3000, message: 'Writing preferences (train): 1000 of 3000 rows' });
    server.emit(job('job-1', 'succeeded', 'Exported 3 rows in 1 files and the dataset card to /srv/out.', 3, 3));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().phase).toBe('succeeded');
    expect(store.getState().result?.files[0]?.rows).toBe(3);
    expect(store.getState().result?.card).toContain('# Demo');
  });

  it('says what is missing before calling, and what the server refused (a remote browser cannot write its disk)', async () => {
    const server = fakeServer({ refuse: 'export.hf reads and writes the server machine’s disk; only a browser on that machine may call it' });
    const store = createExportStore();
    store.getState().connect(server.client);
    await store.getState().start();
    expect(store.getState()).toMatchObject({ phase: 'failed', message: expect.stringMatching(/^Type the folder/) });
    expect(server.calls).toEqual([]);
    store.getState().setOutDir('/srv/out');
    await store.getState().start();
    expect(store.getState()).toMatchObject({ phase: 'failed', message: expect.stringMatching(/^Could not start the export: .*only a browser on that machine may call it\. Nothing was written\.$/) });
  });

  it('shows a cancelled export as cancelled, with the job’s own word on what was kept', async () => {
    const server = fakeServer();
    const store = createExportStore();
    store.getState().connect(server.client);
    store.getState().setOutDir('/srv/out');
    await store.getState().start();
    await store.getState().cancel();
    expect(server.calls.at(-1)).toEqual({ method: 'jobs.cancel', input: { jobId: 'job-1' } });
    server.emit(job('job-1', 'cancelled', 'Cancelled. Nothing was written to /srv/out; the partial files were removed.'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState()).toMatchObject({ phase: 'cancelled', message: expect.stringMatching(/Nothing was written/) });
    expect(store.getState().result).toBeUndefined();
  });

  it('checks the license as export.hf does, each problem beside its field, and calls nothing until it is right', async () => {
    const server = fakeServer();
    const store = createExportStore();
    store.getState().connect(server.client);
    store.getState().setOutDir('/srv/out');
    store.getState().setLicense('cc-by-4');
    await store.getState().start();
    expect(server.calls).toEqual([]);
    expect(store.getState().phase).toBe('failed');
    expect(store.getState().licenseProblems.license).toMatch(/^The license cc-by-4 is not one of the Hub's license ids \(closest: cc-by-4\.0, /);
    // Editing a field clears its problem.
    store.getState().setLicense('other');
    expect(store.getState().licenseProblems).toEqual({});
    await store.getState().start();
    expect(store.getState().licenseProblems.licenseName).toMatch(/^The license other needs the license name: /);
    expect(server.calls).toEqual([]);
    store.getState().setLicenseName('Lab Terms');
    await store.getState().start();
    expect(store.getState().licenseProblems.licenseName).toMatch(/^The license name "Lab Terms" is not a license id: .* like lab-terms\.$/);
    store.getState().setLicenseName('lab-terms-1.0');
    store.getState().setLicenseLink('https://example.org/lab-terms');
    await store.getState().start();
    expect(server.calls[0]).toEqual({
      method: 'export.hf',
      input: expect.objectContaining({ license: 'other', licenseName: 'lab-terms-1.0', licenseLink: 'https://example.org/lab-terms' }),
    });
  });

  it('sends the Hub’s spelling of the license, and no name or link once the license is not other', async () => {
    const server = fakeServer();
    const store = createExportStore();
    store.getState().connect(server.client);
    store.getState().setOutDir('/srv/out');
    store.getState().setLicense('other');
    store.getState().setLicenseName('lab-terms-1.0');
    store.getState().setLicense('MIT');
    await store.getState().start();
    expect(server.calls[0]?.input).toMatchObject({ license: 'mit' });
    expect(server.calls[0]?.input).not.toHaveProperty('licenseName');
  });

  describe('the license chosen, kept for the workspace in this browser', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('keeps a license chosen before the server said which workspace this is, and a reload shows it', async () => {
      vi.stubGlobal('localStorage', memoryStorage());
      const store = createExportStore();
      store.getState().connect(fakeServer().client);
      store.getState().setLicense('mit'); // before workspace.info has answered
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(store.getState().license).toBe('mit');

      const reloaded = createExportStore();
      reloaded.getState().connect(fakeServer().client);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(reloaded.getState().license).toBe('mit');
    });
  });
});
