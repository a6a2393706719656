import { describe, expect, it } from 'vitest';
import type { TaskSummary } from '../../schemas/arena.ts';
import type { RunsListRow } from '../../schemas/runs-filter.ts';
import type { AppEvent, Job } from '../../schemas/jobs.ts';
import type { RpcClient, RpcInput, RpcMethod, RpcOutput } from '../../schemas/rpc.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';
import { createRunsStore } from './runs-store.ts';

const task = (id: string, title: string, runs: number, synthetic = false): TaskSummary => ({ id, kind: 'figma', title, instruction: '', frames: 3, runs, synthetic });
const run = (id: string, taskId: string, harness: string, synthetic = false): RunsListRow => ({
  id,
  taskId,
  taskTitle: taskId,
  harness,
  harnessVersion: null,
  model: 'model-x',
  versions: { skill: 'v1' },
  status: 'succeeded',
  startedAt: '2025-10-02T10:00:00Z',
  finishedAt: '2025-10-02T10:12:00Z',
  files: 2,
  frames: 1,
  hasBuild: true,
  hasVideo: false,
  findings: [],
  synthetic,
  studyId: null,
  studyName: null,
  skillVersion: 'v1',
  meanScore: null,
  judgments: 0,
  votesWon: 0,
  errorTypes: [],
});
const job = (id: string, state: Job['state'], message: string): Job => ({ id, kind: 'runs.import', title: 'Import runs', state, done: 0, total: 1, message, createdAt: '', updatedAt: '' });

/** A workspace of tasks and runs behind the RpcClient interface; an import adds a task when the test ends its job. */
function fakeWorkspace() {
  const tasks = [task('t-real', 'Pricing pages', 2), task('t-syn', 'Synthetic: settings', 4, true)];
  const runs = [run('r1', 't-real', 'claude-code'), run('r2', 't-real', 'codex-cli'), run('r3', 't-syn', 'bot', true)];
  const listeners = new Set<(event: AppEvent) => void>();
  const calls: { method: string; input: unknown }[] = [];
  let failTasks = false;
  let jobs = 0;

  const handlers: { [M in RpcMethod]?: (input: RpcInput<M>) => RpcOutput<M> } = {
    'tasks.list': () => {
      if (failTasks) throw new RpcCallError('internal', 'The database is locked.');
      return { tasks: [...tasks] };
    },
    'runs.list': ({ taskId, status }) => ({ runs: runs.filter((r) => (!taskId || r.taskId === taskId) && (!status || r.status === status)), total: runs.length }),
    'runs.importPaths': () => ({ jobId: `job-${++jobs}` }),
  };
  const client: RpcClient = {
    async call(method, input) {
      calls.push({ method, input });
      const handler = handlers[method] as ((input: unknown) => unknown) | undefined;
      if (!handler) throw new Error(`no fake for ${method}`);
      return handler(input) as never;
    },
    putBlob: () => Promise.reject(new Error('unused')),
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const emit = (j: Job) => listeners.forEach((listener) => listener({ type: 'job', job: j }));
  return { client, calls, tasks, runs, listeners, emit, failTasks: () => (failTasks = true) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function connected() {
  const workspace = fakeWorkspace();
  const store = createRunsStore();
  const unsubscribe = store.getState().connect(workspace.client);
  await settle();
  return { workspace, store, unsubscribe };
}

describe('the runs store', () => {
  it('lists the tasks on connect and stops following events on unsubscribe', async () => {
    const { workspace, store, unsubscribe } = await connected();
    expect(store.getState().tasksPhase).toBe('ready');
    expect(store.getState().tasks.map((t) => t.id)).toEqual(['t-real', 't-syn']);
    expect(workspace.listeners.size).toBe(1);
    unsubscribe();
    expect(workspace.listeners.size).toBe(0);
  });

  it('lists the runs of the selected task only, and drops an answer for a task no longer selected', async () => {
    const { workspace, store } = await connected();
    store.getState().selectTask('t-syn');
    store.getState().selectTask('t-real');
    await settle();
    expect(store.getState().selectedTaskId).toBe('t-real');
    expect(store.getState().runs.map((r) => r.harness)).toEqual(['claude-code', 'codex-cli']);
    // Every task's runs on connect, then each task's.
    expect(workspace.calls.filter((c) => c.method === 'runs.list').map((c) => c.input)).toEqual([{}, { taskId: 't-syn' }, { taskId: 't-real' }]);
  });

  it('lists what the filters keep, waits for a filter it cannot read, and shows what an address names', async () => {
    const { workspace, store } = await connected();
    expect(store.getState().runs.map((r) => r.id)).toEqual(['r1', 'r2', 'r3']);
    expect(store.getState().totalRuns).toBe(3);
    store.getState().setRunsTerm('status', 'failed');
    await settle();
    expect(store.getState().runs).toEqual([]);
    store.getState().setRunsTerm('score', '5..2');
    await settle();
    expect(store.getState().termProblems.map((p) => p.term)).toEqual(['score']);
    const calls = workspace.calls.filter((c) => c.method === 'runs.list').length;
    store.getState().sortBy('score');
    await settle();
    expect(workspace.calls.filter((c) => c.method === 'runs.list')).toHaveLength(calls);
    store.getState().applyAddressTerms({ task: 't-real', sort: 'score:desc', won: '2' });
    await settle();
    expect(store.getState().termProblems).toEqual([]);
    expect(workspace.calls.at(-1)?.input).toEqual({ taskId: 't-real', wonAtLeast: 2, sort: 'score', descending: true });
    store.getState().sortBy('score');
    await settle();
    expect(workspace.calls.at(-1)?.input).toEqual({ taskId: 't-real', wonAtLeast: 2, sort: 'score' });
  });

  it('refuses an empty form without calling the server', async () => {
    const { workspace, store } = await connected();
    store.getState().setPathsText('   \n');
    await store.getState().importPaths();
    expect(store.getState().importState?.phase).toBe('invalid');
    expect(store.getState().importState?.message).toMatch(/Enter at least one folder path/);
    expect(workspace.calls.some((c) => c.method === 'runs.importPaths')).toBe(false);
    store.getState().setPathsText('/data');
    expect(store.getState().importState).toBeUndefined();
  });

  it('imports the paths as a job, shows its progress and its summary, then refreshes the tables', async () => {
    const { workspace, store } = await connected();
    store.getState().selectTask('t-real');
    await settle();
    store.getState().setPathsText('/data/tasks\n/data/bundles\n');
    await store.getState().importPaths();
    expect(workspace.calls.find((c) => c.method === 'runs.importPaths')?.input).toEqual({ paths: ['/data/tasks', '/data/bundles'] });
    expect(store.getState().importState).toMatchObject({ phase: 'importing', jobId: 'job-1' });

    // A second press while it runs starts nothing.
    await store.getState().importPaths();
    expect(workspace.calls.filter((c) => c.method === 'runs.importPaths')).toHaveLength(1);

    workspace.emit({ ...job('job-1', 'running', 'Importing bundle-01'), done: 1, total: 3 });
    expect(store.getState().importState).toMatchObject({ phase: 'importing', message: 'Importing bundle-01', done: 1, total: 3 });
    workspace.emit(job('other-job', 'succeeded', 'Someone else’s job'));
    expect(store.getState().importState?.phase).toBe('importing');

    workspace.tasks.push(task('t-new', 'Fixture task', 1));
    workspace.runs.push(run('r4', 't-real', 'gemini-cli'));
    workspace.emit(job('job-1', 'succeeded', '1 task and 2 runs imported.'));
    await settle();
    expect(store.getState().importState).toMatchObject({ phase: 'succeeded', message: '1 task and 2 runs imported.' });
    expect(store.getState().tasks.map((t) => t.id)).toContain('t-new');
    expect(store.getState().runs.map((r) => r.id)).toEqual(['r1', 'r2', 'r4']);
    expect(store.getState().announcement).toMatch(/^Import finished/);
  });

  it('follows a job that ended before its start call answered', async () => {
    const { workspace, store } = await connected();
    // The job's end arrives as an event while the start call is still on its way.
    const original = workspace.client.call.bind(workspace.client);
    workspace.client.call = (async (method: RpcMethod, input: unknown) => {
      const answer = await original(method, input as never);
      if (method === 'runs.importPaths') workspace.emit(job('job-1', 'failed', '0 tasks and 0 runs imported; 1 failed: /nope: no such folder.'));
      return answer;
    }) as RpcClient['call'];
    store.getState().setPathsText('/nope');
    await store.getState().importPaths();
    await settle();
    expect(store.getState().importState?.phase).toBe('failed');
    expect(store.getState().importState?.message).toMatch(/^Nothing was imported\. .*\/nope: no such folder.*press Import again\.$/);
  });

  it('says what went wrong and what to do when the tasks cannot be listed', async () => {
    const workspace = fakeWorkspace();
    workspace.failTasks();
    const store = createRunsStore();
    store.getState().connect(workspace.client);
    await settle();
    expect(store.getState().tasksPhase).toBe('failed');
    expect(store.getState().error).toBe('Could not list the tasks: The database is locked. Reload the page to try again; nothing was changed.');
  });
});
