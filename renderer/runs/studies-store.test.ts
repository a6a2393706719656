import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../schemas/jobs.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import type { StudyRunView, StudySummary } from '../../schemas/studies.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';
import { createStudiesStore } from './studies-store.ts';

const summary = (state: StudySummary['state']): StudySummary => ({
  id: 's1',
  name: 'pilot',
  state,
  executor: 'local',
  folder: '/ws/studies/s1',
  jobId: 'job-1',
  createdAt: '2025-10-02T10:00:00Z',
  updatedAt: '2025-10-02T10:00:00Z',
  counts: { pending: 0, running: 1, succeeded: 0, failed: 0, timeout: 0, cancelled: 0 },
  total: 1,
});
const runView = (status: StudyRunView['status']): StudyRunView => ({
  id: 'sr1',
  studyId: 's1',
  taskId: 't1',
  harness: 'command',
  harnessVersion: null,
  model: 'm',
  versions: { skill: 'none' },
  repeat: 0,
  status,
  attempts: 1,
  errorKind: null,
  errorMessage: null,
  startedAt: '2025-10-02T10:00:00Z',
  finishedAt: null,
  durationMs: null,
  steps: 2,
  toolCalls: 1,
  failedToolCalls: 0,
  tokens: null,
  costUsd: null,
  lastEvent: 'tool call: shell',
  runId: null,
});

/** A study of one run whose state the test moves, behind the RpcClient interface. */
function fakeServer() {
  const state = { study: summary('running'), run: runView('running'), failCancel: false };
  const calls: { method: string; input: unknown }[] = [];
  const listeners = new Set<(event: AppEvent) => void>();
  const client = {
    async call(method: string, input: unknown) {
      calls.push({ method, input });
      if (method === 'runs.studies') return { studies: [state.study] };
      if (method === 'runs.study') return { study: state.study, runs: [state.run] };
      if (method === 'runs.cancel') {
        if (state.failCancel) throw new RpcCallError('internal', 'The database is locked.');
        state.run = { ...state.run, status: 'cancelled', finishedAt: '2025-10-02T10:01:00Z', durationMs: 60_000 };
        state.study = { ...state.study, state: 'finished' };
        return { cancelled: 1 };
      }
      if (method === 'runs.retry') return { jobId: 'job-2', studyRunId: 'sr1', studyId: 's1', attempt: 2, earlier: null };
      if (method === 'runs.resume') return { jobId: 'job-2' };
      if (method === 'runs.retryFailed') return { jobId: 'job-3', retried: ['sr1'], kept: [{ id: 'sr2', reason: 'Run sr2 already has 1 vote and 0 judgments; a new attempt would discard them, so it is kept as it is.' }] };
      throw new Error(`no fake for ${method}`);
    },
    putBlob: () => Promise.reject(new Error('unused')),
    onEvent: (listener: (event: AppEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as RpcClient;
  return { client, calls, state, listeners };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function connected() {
  const server = fakeServer();
  const store = createStudiesStore();
  const stop = store.getState().connect(server.client, 60_000);
  await settle();
  store.getState().selectStudy('s1');
  await settle();
  return { server, store, stop };
}

describe('the studies store', () => {
  it('polls the selected study only while it runs, and stops on disconnect', async () => {
    const { server, store, stop } = await connected();
    expect(store.getState().view?.runs[0]?.status).toBe('running');
    const polls = () => server.calls.filter((c) => c.method === 'runs.study').length;
    const before = polls();
    await store.getState().tick();
    expect(polls()).toBe(before + 1);

    server.state.run = { ...server.state.run, status: 'succeeded', durationMs: 5000 };
    server.state.study = { ...server.state.study, state: 'finished' };
    await store.getState().tick();
    expect(store.getState().announcement).toBe('command on t1: succeeded');
    const after = polls();
    await store.getState().tick();
    expect(polls()).toBe(after);
    expect(server.listeners.size).toBe(1);
    stop();
    expect(server.listeners.size).toBe(0);
  });

  it('cancels a run by its id, once, and shows the run cancelled', async () => {
    const { server, store } = await connected();
    await Promise.all([store.getState().cancelRun('sr1'), store.getState().cancelRun('sr1')]);
    expect(server.calls.filter((c) => c.method === 'runs.cancel').map((c) => c.input)).toEqual([{ runId: 'sr1' }]);
    expect(store.getState().view?.runs[0]?.status).toBe('cancelled');
    expect(store.getState().view?.study.state).toBe('finished');
    expect(store.getState().busy).toEqual({});
  });

  it('retries and resumes through their own methods', async () => {
    const { server, store } = await connected();
    await store.getState().retryRun('sr1');
    await store.getState().resumeStudy();
    expect(server.calls.filter((c) => c.method === 'runs.retry' || c.method === 'runs.resume').map((c) => [c.method, c.input])).toEqual([
      ['runs.retry', { runId: 'sr1' }],
      ['runs.resume', { studyId: 's1' }],
    ]);
  });

  it('retries the failed runs of the study, and says which were kept as they were and why', async () => {
    const { server, store } = await connected();
    await store.getState().retryFailedRuns();
    expect(server.calls.filter((c) => c.method === 'runs.retryFailed').map((c) => c.input)).toEqual([{ studyId: 's1' }]);
    expect(store.getState().announcement).toBe('Retrying 1 run that did not succeed. Kept as it was: Run sr2 already has 1 vote and 0 judgments; a new attempt would discard them, so it is kept as it is.');
    expect(store.getState().busy).toEqual({});
  });

  it('says what failed and what to do when a cancel is refused', async () => {
    const { server, store } = await connected();
    server.state.failCancel = true;
    await store.getState().cancelStudy();
    expect(store.getState().error).toBe('Could not cancel the study: The database is locked. Its runs go on; press Cancel study again.');
  });

  it('refreshes when a study job changes', async () => {
    const { server, store } = await connected();
    const before = server.calls.length;
    server.listeners.forEach((listener) =>
      listener({ type: 'job', job: { id: 'job-1', kind: 'runs.study', title: 'Study: pilot', state: 'running', done: 0, total: 1, message: '', createdAt: '', updatedAt: '' } }),
    );
    await settle();
    expect(server.calls.slice(before).map((c) => c.method).sort()).toEqual(['runs.studies', 'runs.study']);
    expect(store.getState().studies).toHaveLength(1);
  });

  it('follows a study another process runs: a store change reloads the table and the selected study', async () => {
    const { server, store } = await connected();
    // `lhb runs start` in a terminal finished the run; the app hears only that the store changed.
    server.state.run = { ...server.state.run, status: 'succeeded', durationMs: 5000, costUsd: 0.0123 };
    server.state.study = { ...server.state.study, state: 'finished', counts: { ...server.state.study.counts, running: 0, succeeded: 1 } };
    server.listeners.forEach((listener) => listener({ type: 'store-changed' }));
    await settle();
    expect(store.getState().studies[0]?.state).toBe('finished');
    expect(store.getState().view?.runs[0]).toMatchObject({ status: 'succeeded', costUsd: 0.0123 });
  });
});
