import { describe, expect, it } from 'vitest';
import type { AppEvent, Job } from '../../schemas/jobs.ts';
import type { ReportResult } from '../../schemas/report.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';
import { createPublishStore, onServerMachine } from './publish-store.ts';

const job = (id: string, state: Job['state'], message: string, done = 0, total = 0): Job => ({ id, kind: 'report.write', title: 'Write a report', state, done, total, message, createdAt: '', updatedAt: '' });
const result: ReportResult = {
  outDir: '/srv/report',
  index: '/srv/report/index.html',
  sections: ['Leaderboards'],
  runs: 7,
  frames: 3,
  pdf: '/srv/report/report.pdf',
  includesSynthetic: false,
};

function fakeServer(options: { refuse?: RpcCallError } = {}) {
  const listeners = new Set<(event: AppEvent) => void>();
  const calls: { method: string; input: unknown }[] = [];
  const client: RpcClient = {
    call: (async (method: string, input: unknown) => {
      calls.push({ method, input });
      if (method === 'report.write') {
        if (options.refuse) throw options.refuse;
        return { jobId: 'job-1' };
      }
      if (method === 'report.result') return { result };
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

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the Publish report dialog’s store', () => {
  it('writes the report of the request the screen shows, follows the job and says where the index page is and how many run pages', async () => {
    const server = fakeServer();
    const store = createPublishStore();
    store.getState().connect(server.client);
    store.getState().setOutDir('  /srv/report ');
    store.getState().setPdf(true);
    await store.getState().start({ resamples: 2000, synthetic: 'exclude', excludeFastVotes: true, studies: ['s-b', 's-a'] });
    // The same analysis input the screen's report was asked with: same digits.
    expect(server.calls[0]).toEqual({
      method: 'report.write',
      input: { outDir: '/srv/report', pdf: true, analysis: { resamples: 2000, excludeSynthetic: true, excludeFastVotes: true, studies: ['s-a', 's-b'] } },
    });
    expect(store.getState().phase).toBe('writing');
    server.emit(job('job-1', 'running', 'Writing run pages', 3, 7));
    expect(store.getState()).toMatchObject({ done: 3, total: 7, message: 'Writing run pages' });
    server.emit(job('other', 'running', 'Someone else’s job', 1, 2));
    expect(store.getState().done).toBe(3);
    server.emit(job('job-1', 'succeeded', 'Wrote the report', 7, 7));
    await flush();
    expect(store.getState().phase).toBe('succeeded');
    expect(store.getState().result?.index).toBe('/srv/report/index.html');
    expect(store.getState().message).toBe('Published: the index page, 7 run pages and the PDF.');
  });

  it('shows a folder that holds files, and a PDF without Chromium, at their fields; editing the field clears it', async () => {
    const conflict = new RpcCallError('conflict', '/srv/report already exists and is not an empty folder. No report was written.', 'outDir');
    const store = createPublishStore();
    store.getState().connect(fakeServer({ refuse: conflict }).client);
    store.getState().setOutDir('/srv/report');
    await store.getState().start({ resamples: 1000, synthetic: 'auto' });
    expect(store.getState()).toMatchObject({ phase: 'failed', message: '', problems: { outDir: conflict.message } });
    store.getState().setOutDir('/srv/report-2');
    expect(store.getState().problems.outDir).toBeUndefined();

    const noChromium = new RpcCallError('not_found', 'Chromium is not installed at /x, so the report cannot be printed to PDF.', 'pdf');
    const pdfStore = createPublishStore();
    pdfStore.getState().connect(fakeServer({ refuse: noChromium }).client);
    pdfStore.getState().setOutDir('/srv/report');
    pdfStore.getState().setPdf(true);
    await pdfStore.getState().start({ resamples: 1000, synthetic: 'auto' });
    expect(pdfStore.getState().problems).toEqual({ pdf: noChromium.message });
  });

  it('asks for a folder before calling the server, and says how the job ended when it failed', async () => {
    const server = fakeServer();
    const store = createPublishStore();
    store.getState().connect(server.client);
    await store.getState().start({ resamples: 1000, synthetic: 'auto' });
    expect(server.calls).toEqual([]);
    expect(store.getState().problems.outDir).toMatch(/Type the folder/);
    store.getState().setOutDir('/srv/report');
    await store.getState().start({ resamples: 1000, synthetic: 'auto' });
    server.emit(job('job-1', 'failed', 'Could not write /srv/report: the disk is full.'));
    await flush();
    expect(store.getState()).toMatchObject({ phase: 'failed', message: 'Could not write /srv/report: the disk is full.', result: undefined });
  });

  it('tells a page on the server machine from one on another machine', () => {
    expect(onServerMachine({ location: { hostname: '127.0.0.1' } })).toBe(true);
    expect(onServerMachine({ location: { hostname: 'localhost' } })).toBe(true);
    expect(onServerMachine({ location: { hostname: '[::1]' } })).toBe(true);
    expect(onServerMachine({ location: { hostname: 'app' }, lhb: {} })).toBe(true);
    expect(onServerMachine({ location: { hostname: '192.168.1.20' } })).toBe(false);
    expect(onServerMachine({ location: { hostname: 'lab-server.local' } })).toBe(false);
  });
});
