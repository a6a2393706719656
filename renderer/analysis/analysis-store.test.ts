import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEvent, Job } from '../../schemas/jobs.ts';
import type { RpcClient, RpcInput } from '../../schemas/rpc.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';
import { clampResamples, createAnalysisStore, includesSyntheticChoice, progressText, reportInput } from './analysis-store.ts';
import { REPORT_FIXTURE } from '../../schemas/analysis-report.fixture.ts';
import { memoryStorage } from '../ui/memory-storage.fixture.ts';

type Answer = () => Promise<unknown>;

/**
 * A server as the store sees it: `analysis.cached` answers what is stored for an input (current or
 * not), `analysis.refresh` runs a job whose report comes from a queue, stores it and tells
 * listeners the job ended, as the real server's event stream does.
 */
function fakeServer(answers: Answer[], stored: Record<string, { report: unknown; current: boolean }> = {}) {
  const refreshed: RpcInput<'analysis.report'>[] = [];
  const listeners = new Set<(event: AppEvent) => void>();
  const jobs: Job[] = [];
  const key = (input: unknown) => JSON.stringify(input);
  const emit = (job: Job) => {
    jobs.unshift(job);
    for (const listener of listeners) listener({ type: 'job', job });
  };
  const client = {
    call: async (method: string, input: RpcInput<'analysis.report'>) => {
      if (method === 'analysis.cached') {
        const entry = stored[key(input)];
        return entry ? { report: entry.report, computedAt: '2026-11-30T01:40:00.000Z', current: entry.current } : { current: false };
      }
      if (method === 'analysis.refresh') {
        if (stored[key(input)]?.current) return { current: true };
        refreshed.push(input);
        const next = answers.shift();
        if (!next) throw new Error('no answer queued');
        const job: Job = { id: `job-${refreshed.length}`, kind: 'analysis.refresh', title: 'Recompute the analysis', state: 'running', done: 0, total: 1, message: '', createdAt: '', updatedAt: '' };
        next().then(
          (report) => {
            stored[key(input)] = { report, current: true };
            emit({ ...job, state: 'succeeded', message: 'Analysis recomputed.' });
          },
          (error: Error) => emit({ ...job, state: 'failed', message: error.message }),
        );
        return { jobId: job.id, current: false };
      }
      if (method === 'jobs.list') return { jobs };
      throw new Error(`unexpected ${method}`);
    },
    putBlob: () => Promise.reject(new Error('unused')),
    onEvent: (listener: (event: AppEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as RpcClient;
  return { client, refreshed, stored };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the analysis store', () => {
  it('computes the report with the default resamples on connect when none is stored', async () => {
    const store = createAnalysisStore();
    const { client, refreshed } = fakeServer([() => Promise.resolve(REPORT_FIXTURE)]);
    store.getState().connect(client);
    expect(store.getState().phase).toBe('loading');
    expect(store.getState().announcement).toBe('Computing… 1,000 resamples');
    await settle();
    await settle();
    // No synthetic flag: the report decides (left out once real data exists) and says so.
    expect(refreshed).toEqual([{ resamples: 1000 }]);
    expect(store.getState()).toMatchObject({ phase: 'ready', report: REPORT_FIXTURE, shown: { resamples: 1000, synthetic: 'auto' }, staleSince: undefined });
  });

  it('shows the stored report at once, marked, while a background job recomputes it after the store changed', async () => {
    const store = createAnalysisStore();
    const older = { ...REPORT_FIXTURE, generatedAt: '2026-11-30T01:40:00.000Z' };
    let release: (value: unknown) => void = () => {};
    const { client } = fakeServer([() => new Promise((resolve) => (release = resolve))], { [JSON.stringify({ resamples: 1000 })]: { report: older, current: false } });
    store.getState().connect(client);
    await settle();
    expect(store.getState()).toMatchObject({ phase: 'ready', report: older, staleSince: '2026-11-30T01:40:00.000Z', pending: { resamples: 1000 } });
    release(REPORT_FIXTURE);
    await settle();
    await settle();
    expect(store.getState()).toMatchObject({ phase: 'ready', report: REPORT_FIXTURE, staleSince: undefined, pending: undefined });
  });

  it('opens a current stored report without starting a job', async () => {
    const store = createAnalysisStore();
    const { client, refreshed } = fakeServer([], { [JSON.stringify({ resamples: 1000 })]: { report: REPORT_FIXTURE, current: true } });
    store.getState().connect(client);
    await settle();
    expect(refreshed).toEqual([]);
    expect(store.getState()).toMatchObject({ phase: 'ready', report: REPORT_FIXTURE, pending: undefined, announcement: 'Analysis ready.' });
  });

  it('recomputes with the form values and keeps the old report when that fails', async () => {
    const store = createAnalysisStore();
    const { client, refreshed } = fakeServer([() => Promise.resolve(REPORT_FIXTURE), () => Promise.reject(new RpcCallError('internal', 'Out of memory.'))]);
    store.getState().connect(client);
    await settle();
    await settle();
    store.getState().setIncludeSynthetic(false);
    store.getState().setResamples(50_000);
    await store.getState().load();
    expect(refreshed[1]).toEqual({ resamples: 20_000, excludeSynthetic: true });
    const state = store.getState();
    expect(state.phase).toBe('ready');
    expect(state.report).toEqual(REPORT_FIXTURE);
    expect(state.error).toMatch(/^Could not compute the analysis: Out of memory\.? ?The previous report is still shown\. Press Recompute to try again\.$/);
  });

  it('fails with what to do when there is no report yet, and names a malformed answer', async () => {
    const store = createAnalysisStore();
    const { client } = fakeServer([() => Promise.resolve({ ...REPORT_FIXTURE, study: { ...REPORT_FIXTURE.study, votes: 'many' } })]);
    store.getState().connect(client);
    await settle();
    await settle();
    expect(store.getState().phase).toBe('failed');
    expect(store.getState().error).toMatch(/expected shape \(study\.votes: .*\)\. Press Recompute/);
  });

  it('shows only the newest answer when requests overlap', async () => {
    const store = createAnalysisStore();
    let releaseFirst: (value: unknown) => void = () => {};
    const first = { ...REPORT_FIXTURE, generatedAt: 'first' };
    const { client } = fakeServer([() => new Promise((resolve) => (releaseFirst = resolve)), () => Promise.resolve(REPORT_FIXTURE)]);
    store.getState().connect(client);
    await settle();
    store.getState().setResamples(2000);
    await store.getState().load();
    releaseFirst(first);
    await settle();
    await settle();
    expect(store.getState().report?.generatedAt).toBe(REPORT_FIXTURE.generatedAt);
  });

  it('asks for synthetic data only when the toggle was used, and ticks the toggle by what the report did until then', () => {
    expect(reportInput({ resamples: 500, synthetic: 'auto' })).toEqual({ resamples: 500 });
    expect(reportInput({ resamples: 500, synthetic: 'include' })).toEqual({ resamples: 500, includeSynthetic: true });
    expect(reportInput({ resamples: 500, synthetic: 'exclude' })).toEqual({ resamples: 500, excludeSynthetic: true });
    // The "Leave out fast votes" switch asks only when ticked; unticked, fast votes are counted.
    expect(reportInput({ resamples: 500, synthetic: 'auto', excludeFastVotes: true })).toEqual({ resamples: 500, excludeFastVotes: true });
    expect(reportInput({ resamples: 500, synthetic: 'auto', excludeFastVotes: false })).toEqual({ resamples: 500 });
    const leftOut = { ...REPORT_FIXTURE, study: { ...REPORT_FIXTURE.study, synthetic: { ...REPORT_FIXTURE.study.synthetic, included: false, reason: 'real-data-present' as const } } };
    expect(includesSyntheticChoice({ resamples: 1000, synthetic: 'auto' }, REPORT_FIXTURE)).toBe(true);
    expect(includesSyntheticChoice({ resamples: 1000, synthetic: 'auto' }, leftOut)).toBe(false);
    expect(includesSyntheticChoice({ resamples: 1000, synthetic: 'auto' }, undefined)).toBe(false);
    expect(includesSyntheticChoice({ resamples: 1000, synthetic: 'include' }, leftOut)).toBe(true);
    expect(includesSyntheticChoice({ resamples: 1000, synthetic: 'exclude' }, REPORT_FIXTURE)).toBe(false);
  });

  it('words the progress and keeps resamples within the contract', () => {
    expect(progressText({ resamples: 20_000, synthetic: 'exclude' })).toBe('Computing… 20,000 resamples (synthetic data left out)');
    expect(progressText({ resamples: 1000, synthetic: 'include' })).toBe('Computing… 1,000 resamples (synthetic data included)');
    expect(progressText({ resamples: 1000, synthetic: 'auto' })).toBe('Computing… 1,000 resamples');
    expect(clampResamples(10)).toBe(100);
    expect(clampResamples(2500.4)).toBe(2500);
    expect(clampResamples(Number.NaN)).toBe(1000);
  });
});

/** The fake server's client, answering the workspace's folder and its studies too (for the study picker). */
function withStudies(client: RpcClient, studies: { id: string; name: string; createdAt: string }[]): RpcClient {
  return {
    ...client,
    call: async (method: string, input: unknown) => {
      if (method === 'workspace.info') return { workspaceDir: '/srv/workspace' };
      if (method === 'runs.studies') return { studies };
      return (client.call as (m: string, i: unknown) => Promise<unknown>)(method, input);
    },
  } as unknown as RpcClient;
}

describe('the study picker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('limits the report to the studies ticked, and applies the choice remembered for the workspace on the next visit', async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const scoped = { ...REPORT_FIXTURE, study: { ...REPORT_FIXTURE.study, scope: [{ id: 'study-two', label: 'second-pass' }], judgments: 216, votes: 60 } };
    const { client: server, refreshed } = fakeServer([() => Promise.resolve(REPORT_FIXTURE), () => Promise.resolve(scoped)]);
    const client = withStudies(server, [
      { id: 'study-two', name: 'second-pass', createdAt: '2026-02-02T10:00:00.000Z' },
      { id: 'study-one', name: 'first-pass', createdAt: '2026-02-01T10:00:00.000Z' },
    ]);
    const store = createAnalysisStore();
    store.getState().connect(client);
    for (let i = 0; i < 4; i++) await settle();
    expect(store.getState().studies).toEqual([{ id: 'study-one', label: 'first-pass' }, { id: 'study-two', label: 'second-pass' }]);
    expect(store.getState().report?.study).toMatchObject({ scope: null, judgments: 648 });

    store.getState().setStudies(['study-two']);
    await store.getState().load();
    expect(refreshed.at(-1)).toEqual({ resamples: 1000, studies: ['study-two'] });
    // The figures on screen are the chosen study's.
    expect(store.getState().report?.study).toMatchObject({ scope: [{ id: 'study-two', label: 'second-pass' }], judgments: 216, votes: 60 });
    expect(progressText({ resamples: 1000, synthetic: 'auto', studies: ['study-two'] })).toBe('Computing… 1,000 resamples for 1 study');

    // A reload: the same workspace asks for its remembered study again, and gets the stored report.
    const again = createAnalysisStore();
    again.getState().connect(client);
    for (let i = 0; i < 6; i++) await settle();
    expect(again.getState().request.studies).toEqual(['study-two']);
    expect(again.getState().report?.study.judgments).toBe(216);
    expect(refreshed).toHaveLength(2);

    // Unticking every study counts them all again.
    again.getState().setStudies([]);
    expect(reportInput(again.getState().request)).toEqual({ resamples: 1000 });
    await again.getState().load();
    expect(again.getState().report?.study.scope).toBeNull();
  });
});
