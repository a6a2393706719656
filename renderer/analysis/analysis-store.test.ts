import { describe, expect, it } from 'vitest';
import type { RpcClient, RpcInput } from '../../schemas/rpc.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';
import { clampResamples, createAnalysisStore, includesSyntheticChoice, progressText, reportInput } from './analysis-store.ts';
import { REPORT_FIXTURE } from '../../schemas/analysis-report.fixture.ts';

type Answer = () => Promise<unknown>;

/** A client whose `analysis.report` answers come from a queue, recording each input. */
function fakeClient(answers: Answer[]) {
  const inputs: RpcInput<'analysis.report'>[] = [];
  const client = {
    call: (method: string, input: RpcInput<'analysis.report'>) => {
      if (method !== 'analysis.report') throw new Error(`unexpected ${method}`);
      inputs.push(input);
      const next = answers.shift();
      if (!next) throw new Error('no answer queued');
      return next();
    },
    putBlob: () => Promise.reject(new Error('unused')),
    onEvent: () => () => {},
  } as unknown as RpcClient;
  return { client, inputs };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the analysis store', () => {
  it('loads the report with the default resamples on connect', async () => {
    const store = createAnalysisStore();
    const { client, inputs } = fakeClient([() => Promise.resolve(REPORT_FIXTURE)]);
    store.getState().connect(client);
    expect(store.getState().phase).toBe('loading');
    expect(store.getState().announcement).toBe('Computing… 1,000 resamples');
    await settle();
    // No synthetic flag: the report decides (left out once real data exists) and says so.
    expect(inputs).toEqual([{ resamples: 1000 }]);
    expect(store.getState()).toMatchObject({ phase: 'ready', report: REPORT_FIXTURE, shown: { resamples: 1000, synthetic: 'auto' } });
  });

  it('recomputes with the form values and keeps the old report when that fails', async () => {
    const store = createAnalysisStore();
    const { client, inputs } = fakeClient([() => Promise.resolve(REPORT_FIXTURE), () => Promise.reject(new RpcCallError('internal', 'Out of memory.'))]);
    store.getState().connect(client);
    await settle();
    store.getState().setIncludeSynthetic(false);
    store.getState().setResamples(50_000);
    await store.getState().load();
    expect(inputs[1]).toEqual({ resamples: 20_000, excludeSynthetic: true });
    const state = store.getState();
    expect(state.phase).toBe('ready');
    expect(state.report).toEqual(REPORT_FIXTURE);
    expect(state.error).toMatch(/^Could not compute the analysis: Out of memory\. The previous report is still shown\. Press Recompute/);
  });

  it('fails with what to do when there is no report yet, and names a malformed answer', async () => {
    const store = createAnalysisStore();
    const { client } = fakeClient([() => Promise.resolve({ ...REPORT_FIXTURE, study: { ...REPORT_FIXTURE.study, votes: 'many' } })]);
    store.getState().connect(client);
    await settle();
    expect(store.getState().phase).toBe('failed');
    expect(store.getState().error).toMatch(/expected shape \(study\.votes: .*\)\. Press Recompute/);
  });

  it('shows only the newest answer when requests overlap', async () => {
    const store = createAnalysisStore();
    let releaseFirst: (value: unknown) => void = () => {};
    const stale = { ...REPORT_FIXTURE, generatedAt: 'stale' };
    const { client } = fakeClient([() => new Promise((resolve) => (releaseFirst = resolve)), () => Promise.resolve(REPORT_FIXTURE)]);
    store.getState().connect(client);
    await store.getState().load();
    releaseFirst(stale);
    await settle();
    expect(store.getState().report?.generatedAt).toBe(REPORT_FIXTURE.generatedAt);
  });

  it('asks for synthetic data only when the toggle was used, and ticks the toggle by what the report did until then', () => {
    expect(reportInput({ resamples: 500, synthetic: 'auto' })).toEqual({ resamples: 500 });
    expect(reportInput({ resamples: 500, synthetic: 'include' })).toEqual({ resamples: 500, includeSynthetic: true });
    expect(reportInput({ resamples: 500, synthetic: 'exclude' })).toEqual({ resamples: 500, excludeSynthetic: true });
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
