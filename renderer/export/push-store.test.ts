import { describe, expect, it } from 'vitest';
import type { HubPushProblem, HubPushResult } from '../../schemas/hub-push.ts';
import type { AppEvent, Job } from '../../schemas/jobs.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';
import { createPushStore } from './push-store.ts';

const job = (state: Job['state'], message: string, done = 0, total = 0): Job => ({ id: 'push-1', kind: 'export.push', title: 'Push', state, done, total, message, createdAt: '', updatedAt: '' });
const pushed: HubPushResult = { url: 'http://hub.test/datasets/alice/runs', revision: 'main', commitUrl: 'http://hub.test/c/1', createdRepo: true, keptFromHub: ['license'], files: [] };

function fakeServer(options: { refuse?: RpcCallError; problem?: HubPushProblem } = {}) {
  const listeners = new Set<(event: AppEvent) => void>();
  const calls: { method: string; input: unknown }[] = [];
  const client: RpcClient = {
    call: (async (method: string, input: unknown) => {
      calls.push({ method, input });
      if (method === 'export.pushSettings') return { hubUrl: 'http://hub.test', tokenSource: 'the HF_TOKEN variable' };
      if (method === 'export.push') {
        if (options.refuse) throw options.refuse;
        return { jobId: 'push-1', datasetUrl: 'http://hub.test/datasets/alice/runs' };
      }
      if (method === 'export.pushResult') return options.problem ? { result: null, problem: options.problem } : { result: pushed, problem: null };
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

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the Export screen\'s push', () => {
  it('sends the export job\'s id, the repository, the branch and visibility, never an address; follows the job to the dataset\'s page', async () => {
    const server = fakeServer();
    const store = createPushStore();
    store.getState().connect(server.client);
    store.getState().showExport('export-7');
    await settle();
    expect(store.getState().settings).toEqual({ hubUrl: 'http://hub.test', tokenSource: 'the HF_TOKEN variable' });
    store.getState().setRepo('  alice/runs ');
    store.getState().setPrivate(true);
    await store.getState().start('export-7');
    expect(server.calls.find((call) => call.method === 'export.push')?.input).toEqual({ exportJobId: 'export-7', repo: 'alice/runs', private: true });
    expect(store.getState()).toMatchObject({ phase: 'pushing', jobId: 'push-1', datasetUrl: 'http://hub.test/datasets/alice/runs' });

    server.emit(job('running', '2 large files on the Hub (1.0 kB of 4.0 kB).', 1000, 4000));
    expect(store.getState()).toMatchObject({ done: 1000, total: 4000, message: '2 large files on the Hub (1.0 kB of 4.0 kB).' });
    server.emit(job('succeeded', 'Pushed 9 files (4.0 kB) to http://hub.test/datasets/alice/runs on main.', 4000, 4000));
    await settle();
    expect(store.getState()).toMatchObject({ phase: 'succeeded', result: pushed, done: 4000, total: 4000, problems: {} });

    // A new export clears what the last push said; the fields stay as typed.
    store.getState().showExport('export-7');
    expect(store.getState().phase).toBe('succeeded');
    store.getState().showExport('export-8');
    expect(store.getState()).toMatchObject({ phase: 'idle', message: '', result: undefined, datasetUrl: undefined, repo: '  alice/runs ', private: true });

    store.getState().setRevision('v2');
    await store.getState().start('export-7');
    expect(server.calls.filter((call) => call.method === 'export.push').at(-1)?.input).toEqual({ exportJobId: 'export-7', repo: 'alice/runs', private: true, revision: 'v2' });
  });

  it('asks for a repository before sending anything', async () => {
    const server = fakeServer();
    const store = createPushStore();
    store.getState().connect(server.client);
    await store.getState().start('export-7');
    expect(store.getState().problems.repo).toMatch(/^Type the dataset repository as owner\/name/);
    expect(server.calls.some((call) => call.method === 'export.push')).toBe(false);
    store.getState().setRepo('a');
    expect(store.getState().problems.repo).toBeUndefined();
  });

  it('places a refusal by its field: the repository, the token; one about the export under the button', async () => {
    for (const [field, place] of [['repo', 'repo'], ['token', 'token'], ['exportJobId', 'form'], [undefined, 'form']] as const) {
      const server = fakeServer({ refuse: new RpcCallError('bad_request', `refused at ${field}`, field) });
      const store = createPushStore();
      store.getState().connect(server.client);
      store.getState().setRepo('alice/runs');
      await store.getState().start('export-7');
      expect(store.getState().phase).toBe('failed');
      expect(store.getState().problems, String(field)).toEqual({ [place]: `refused at ${field}` });
    }
  });

  it('places a failed push by the problem the server kept, not by its words: the Hub address', async () => {
    const server = fakeServer({ problem: { code: 'internal', message: 'Could not reach http://hub.test (ECONNREFUSED).', field: 'hubUrl' } });
    const store = createPushStore();
    store.getState().connect(server.client);
    store.getState().setRepo('alice/runs');
    await store.getState().start('export-7');
    server.emit(job('failed', 'Could not reach http://hub.test (ECONNREFUSED).'));
    await settle();
    expect(store.getState()).toMatchObject({ phase: 'failed', message: '', problems: { hubUrl: 'Could not reach http://hub.test (ECONNREFUSED).' } });
  });
});
