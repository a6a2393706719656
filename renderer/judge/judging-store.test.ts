import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEvent, Job } from '../../schemas/jobs.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';
import { createJudgingStore, judgingFieldOf } from './judging-store.ts';
import { memoryStorage } from '../ui/memory-storage.fixture.ts';

function fakeClient(answers: Record<string, (input: unknown) => unknown>) {
  const calls: { method: string; input: unknown }[] = [];
  let listener: ((event: AppEvent) => void) | undefined;
  const client = {
    call: async (method: string, input: unknown) => {
      calls.push({ method, input });
      const answer = answers[method];
      if (!answer) throw new Error(`unexpected ${method}`);
      return answer(input);
    },
    putBlob: async () => ({ sha256: '', sizeBytes: 0 }),
    onEvent: (next: (event: AppEvent) => void) => {
      listener = next;
      return () => undefined;
    },
  } as unknown as RpcClient;
  return { client, calls, emit: (job: Job) => listener?.({ type: 'job', job }) };
}

const job = (fields: Partial<Job>): Job => ({ id: 'job-1', kind: 'judge', title: 'Judge', state: 'running', done: 0, total: 0, message: '', createdAt: '', updatedAt: '', ...fields });

describe('judging store', () => {
  it('refuses judges that are not valid without calling the server, saying which field', async () => {
    const { client, calls } = fakeClient({ 'judge.list': () => ({ judgments: [] }) });
    const store = createJudgingStore();
    store.getState().connect(client);
    store.getState().setJudgesText('[{"name": "x", "provider": "mistral"}]');
    await store.getState().start();
    expect(store.getState().phase).toBe('failed');
    expect(store.getState().message).toMatch(/0\.provider: .*Nothing was judged/);
    expect(calls.map((c) => c.method)).not.toContain('judge.start');
  });

  it('places a refusal naming one of its fields beside that field, and keeps one naming none for the whole form', async () => {
    const refusal = 'There is no rubric set nope at 5 points. Sets of the output tier: figma-output@v1 (5-point). Nothing was judged.';
    const refused = fakeClient({ 'judge.start': () => Promise.reject(new RpcCallError('bad_request', refusal, 'rubricSets')), 'judge.list': () => ({ judgments: [] }) });
    const store = createJudgingStore();
    store.getState().connect(refused.client);
    store.getState().setRubricSets('nope');
    await store.getState().start();
    expect(store.getState()).toMatchObject({ phase: 'failed', fieldProblem: { field: 'rubricSets', message: refusal }, message: 'Could not start judging: fix the field marked above and start again.' });

    const unkeyed = fakeClient({ 'judge.start': () => Promise.reject(new RpcCallError('bad_request', 'The app’s server has no KEY in its environment. Nothing was judged.')), 'judge.list': () => ({ judgments: [] }) });
    store.getState().connect(unkeyed.client);
    await store.getState().start();
    expect(store.getState()).toMatchObject({ phase: 'failed', fieldProblem: null, message: 'Could not start judging: The app’s server has no KEY in its environment. Nothing was judged.' });
  });

  it('maps the input field the server named onto the form, and one the form has no place for onto none', () => {
    expect(judgingFieldOf('rubricSets')).toBe('rubricSets');
    expect(judgingFieldOf('judges.0.model')).toBe('judges');
    expect(judgingFieldOf('tier')).toBe('tier');
    expect(judgingFieldOf('runIds.0')).toBeNull();
    expect(judgingFieldOf(undefined)).toBeNull();
  });

  it('starts judge.start with the form, follows the job\'s progress and cost, and reloads judgments when it ends', async () => {
    let listed = 0;
    const { client, calls, emit } = fakeClient({ 'judge.start': () => ({ jobId: 'job-1', rubricSets: ['figma-output@v1'] }), 'judge.list': () => ({ judgments: [], n: listed++ }) });
    const store = createJudgingStore();
    store.getState().connect(client);
    store.getState().setTier('output');
    store.getState().setScale(3);
    store.getState().setRubricSets('figma-output@v1');
    await store.getState().start();
    expect(calls.find((c) => c.method === 'judge.start')!.input).toMatchObject({ tier: 'output', scale: 3, rubricSets: ['figma-output@v1'], judges: [{ name: 'gpt-judge' }] });
    emit(job({ done: 2, total: 9, message: '2 of 9 replies · 0 cached · 0 failed · $0.0123 so far' }));
    expect(store.getState()).toMatchObject({ phase: 'judging', done: 2, total: 9, message: expect.stringContaining('$0.0123 so far') });
    const before = listed;
    emit(job({ state: 'succeeded', done: 9, total: 9, message: '3 runs judged' }));
    expect(store.getState().phase).toBe('succeeded');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(listed).toBe(before + 1);
  });

  it("judges one run at a chosen turn with the form's judges, tier and scale", async () => {
    const { client, calls } = fakeClient({ 'judge.start': () => ({ jobId: 'job-1', rubricSets: ['content@v1'] }), 'judge.list': () => ({ judgments: [] }) });
    const store = createJudgingStore();
    store.getState().connect(client);
    store.getState().setTier('content');
    await store.getState().start({ runId: 'run-7', turn: 2 });
    expect(calls.find((c) => c.method === 'judge.start')!.input).toMatchObject({ tier: 'content', runIds: ['run-7'], turn: 2 });
    expect(store.getState().message).toContain('turn 2');
  });

  it('asks for pairwise verdicts with judge.startPairwise (the tier and pairs chosen, no rubric sets), and a control with judge.start and its name', async () => {
    const { client, calls, emit } = fakeClient({
      'judge.startPairwise': () => ({ jobId: 'job-1' }),
      'judge.start': () => ({ jobId: 'job-2', rubricSets: ['figma-output@v1'] }),
      'judge.list': () => ({ judgments: [] }),
    });
    const store = createJudgingStore();
    store.getState().connect(client);
    store.getState().setAsk('pairwise');
    store.getState().setTier('process');
    store.getState().setPairs('all');
    store.getState().setRubricSets('figma-output@v1');
    await store.getState().start();
    expect(calls.filter((c) => c.method === 'judge.start')).toEqual([]);
    expect(calls.find((c) => c.method === 'judge.startPairwise')!.input).toEqual({ judges: [expect.objectContaining({ name: 'gpt-judge' })], tier: 'process', pairs: 'all' });
    expect(store.getState().message).toContain('every pair of configurations per task, each twice with the sides swapped');
    emit(job({ state: 'succeeded', done: 4, total: 4, message: '2 pairs at the process tier' }));
    expect(store.getState()).toMatchObject({ phase: 'succeeded', message: '2 pairs at the process tier' });

    // By default the server chooses: the voted pairs when there are any, else every pair.
    store.getState().setPairs('auto');
    await store.getState().start();
    expect(calls.filter((c) => c.method === 'judge.startPairwise')[1]!.input).not.toHaveProperty('pairs');

    store.getState().setAsk('no-artifact');
    await store.getState().start();
    expect(calls.find((c) => c.method === 'judge.start')!.input).toMatchObject({ control: 'no-artifact', tier: 'process', rubricSets: ['figma-output@v1'] });
    expect(store.getState().message).toMatch(/^Control: no artifact .*: judging runs with figma-output@v1/);

    emit(job({ id: 'job-2', state: 'succeeded', message: '3 runs judged' }));
    // A harness guess is asked from the trajectory, with no rubric set or scale.
    store.getState().setTier('output');
    store.getState().setAsk('guess-harness');
    expect(store.getState().tier).toBe('process');
    await store.getState().start();
    expect(calls.filter((c) => c.method === 'judge.start')[1]!.input).toEqual({ judges: [expect.objectContaining({ name: 'gpt-judge' })], tier: 'process', control: 'guess-harness' });
  });

  it("judges one run's scores from its row whatever the form asks for", async () => {
    const { client, calls } = fakeClient({ 'judge.start': () => ({ jobId: 'job-1', rubricSets: ['content@v1'] }), 'judge.list': () => ({ judgments: [] }) });
    const store = createJudgingStore();
    store.getState().connect(client);
    store.getState().setAsk('pairwise');
    await store.getState().start({ runId: 'run-7', turn: 1 });
    expect(calls.map((c) => c.method)).not.toContain('judge.startPairwise');
    expect(calls.find((c) => c.method === 'judge.start')!.input).not.toHaveProperty('control');
  });

  it('reads the agreement per rubric from core, and leaves it out when it cannot be read', async () => {
    const row = { rubricSet: 'figma-output', version: 'v1', scale: 5, rubric: 'Colour', judges: 2, runs: 2, exact: 0.5, meanGap: 0.5, failed: 0 };
    let fail = false;
    const { client, calls } = fakeClient({
      'judge.list': () => ({ judgments: [] }),
      'judge.agreement': () => {
        if (fail) throw new Error('The workspace is closed.');
        return { rubrics: [row] };
      },
    });
    const store = createJudgingStore();
    store.getState().connect(client);
    expect(store.getState().agreement).toBeNull();
    await store.getState().loadAgreement();
    expect(store.getState().agreement).toEqual([row]);
    expect(calls.find((c) => c.method === 'judge.agreement')!.input).toEqual({});
    fail = true;
    await store.getState().loadAgreement();
    expect(store.getState().agreement).toBeNull();
  });

  describe('the judges typed, kept for the workspace in this browser', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('keeps judges typed before the server said which workspace this is, and a reload shows them', async () => {
      vi.stubGlobal('localStorage', memoryStorage());
      const answers = { 'judge.list': () => ({ judgments: [] }), 'runs.list': () => ({ runs: [] }), 'workspace.info': () => ({ workspaceDir: '/srv/ws' }) };
      const typed = '[{"name": "early-judge", "provider": "openai", "model": "gpt-test"}]';
      const store = createJudgingStore();
      store.getState().connect(fakeClient(answers).client);
      store.getState().setJudgesText(typed); // before workspace.info has answered
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(store.getState().judgesText).toBe(typed);

      const reloaded = createJudgingStore();
      reloaded.getState().connect(fakeClient(answers).client);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(reloaded.getState().judgesText).toBe(typed);
    });
  });
});
