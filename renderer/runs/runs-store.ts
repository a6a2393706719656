import { create } from 'zustand';
import type { RunSummary, TaskSummary } from '../../schemas/arena.ts';
import type { Job } from '../../schemas/jobs.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { couldNot } from '../api/describe-error.ts';
import { followStartedJob } from '../app/follow-started-job.ts';
import { parseImportPaths } from './import-paths-input.ts';
import { importOutcome, type ImportPhase } from './import-outcome.ts';

type LoadPhase = 'idle' | 'loading' | 'ready' | 'failed';

export interface ImportState {
  phase: ImportPhase;
  message: string;
  jobId?: string;
  done?: number;
  total?: number;
}

export interface RunsState {
  client?: RpcClient;
  tasksPhase: LoadPhase;
  tasks: TaskSummary[];
  filter: string;
  showSynthetic: boolean;
  selectedTaskId?: string;
  runsPhase: LoadPhase;
  /** The selected task's runs. */
  runs: RunSummary[];
  /** The import form's text: one folder path per line. */
  pathsText: string;
  importState?: ImportState;
  error?: string;
  announcement: string;
  /** Loads the tasks and follows job events; returns the unsubscribe. */
  connect(client: RpcClient): () => void;
  loadTasks(): Promise<void>;
  setFilter(filter: string): void;
  setShowSynthetic(show: boolean): void;
  selectTask(taskId: string): void;
  loadRuns(): Promise<void>;
  setPathsText(text: string): void;
  /** Validates the form, starts one import job for its paths and refreshes the tables when it ends. */
  importPaths(): Promise<void>;
  /** Fed every job event; follows the import started here. */
  jobChanged(job: Job): void;
  dismissError(): void;
}

const isRunning = (state: ImportState | undefined) => state?.phase === 'starting' || state?.phase === 'importing';

export function createRunsStore() {
  return create<RunsState>()((set, get) => {
    // Answers to superseded requests (another task selected, a newer refresh) are dropped.
    let tasksRequest = 0;
    let runsRequest = 0;
    const followImport = followStartedJob({
      follows: (jobId) => get().importState?.jobId === jobId && get().importState?.phase === 'importing',
      progressed(job) {
        const current = get().importState!;
        set({ importState: { ...current, message: job.message || current.message, done: job.done, total: job.total } });
      },
      async ended(job) {
        const outcome = importOutcome(job);
        set({ importState: { phase: outcome.phase, message: outcome.message, jobId: job.id } });
        set({ announcement: `Import ${outcome.phase === 'succeeded' ? 'finished' : outcome.phase}: ${outcome.message}` });
        await Promise.all([get().loadTasks(), get().selectedTaskId ? get().loadRuns() : undefined]);
      },
    });

    return {
      tasksPhase: 'idle',
      tasks: [],
      filter: '',
      showSynthetic: false,
      runsPhase: 'idle',
      runs: [],
      pathsText: '',
      announcement: '',

      connect(client) {
        set({ client });
        const unsubscribe = client.onEvent((event) => {
          if (event.type === 'job') get().jobChanged(event.job);
        });
        // Each visit refreshes: runs imported from the command line since then show up.
        void get().loadTasks();
        if (get().selectedTaskId) void get().loadRuns();
        return unsubscribe;
      },

      async loadTasks() {
        const { client } = get();
        if (!client) return;
        const request = ++tasksRequest;
        if (get().tasksPhase !== 'ready') set({ tasksPhase: 'loading' });
        try {
          const { tasks } = await client.call('tasks.list', {});
          if (request !== tasksRequest) return;
          set({ tasks, tasksPhase: 'ready' });
        } catch (error) {
          if (request !== tasksRequest) return;
          set({ tasksPhase: 'failed', error: couldNot('list the tasks', error, 'Reload the page to try again; nothing was changed.') });
        }
      },

      setFilter(filter) {
        set({ filter });
      },

      setShowSynthetic(show) {
        set({ showSynthetic: show });
      },

      selectTask(taskId) {
        if (get().selectedTaskId === taskId && get().runsPhase !== 'failed') return;
        set({ selectedTaskId: taskId, runs: [], runsPhase: 'idle' });
        void get().loadRuns();
      },

      async loadRuns() {
        const { client, selectedTaskId } = get();
        if (!client || !selectedTaskId) return;
        const request = ++runsRequest;
        if (get().runsPhase !== 'ready') set({ runsPhase: 'loading' });
        try {
          const { runs } = await client.call('runs.list', { taskId: selectedTaskId });
          if (request !== runsRequest || get().selectedTaskId !== selectedTaskId) return;
          set({ runs, runsPhase: 'ready' });
        } catch (error) {
          if (request !== runsRequest) return;
          set({ runsPhase: 'failed', error: couldNot('list the runs of this task', error, 'Select the task again to retry.') });
        }
      },

      setPathsText(text) {
        set({ pathsText: text });
        if (get().importState?.phase === 'invalid') set({ importState: undefined });
      },

      async importPaths() {
        const { client, pathsText, importState } = get();
        if (!client || isRunning(importState)) return;
        const parsed = parseImportPaths(pathsText);
        if (!parsed.ok) {
          set({ importState: { phase: 'invalid', message: parsed.message } });
          return;
        }
        const count = parsed.paths.length;
        set({ importState: { phase: 'starting', message: `Starting the import of ${count} folder${count === 1 ? '' : 's'}…` } });
        try {
          const { jobId } = await client.call('runs.importPaths', { paths: parsed.paths });
          set({ importState: { phase: 'importing', message: 'Importing… frame capture opens each build in Chromium, which can take a minute.', jobId } });
          await followImport.started(jobId);
        } catch (error) {
          set({ importState: { phase: 'failed', message: couldNot('start the import', error, 'Nothing was imported; check the paths and press Import again.') } });
        }
      },

      jobChanged: (job) => followImport.jobChanged(job),

      dismissError() {
        set({ error: undefined });
      },
    };
  });
}

export const useRunsStore = createRunsStore();
