import { create } from 'zustand';
import type { TaskSummary } from '../../schemas/arena.ts';
import type { Job } from '../../schemas/jobs.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { runsFilterOfTerms, type RunSortField, type RunsFilter, type RunsFilterTerm, type RunsFilterTermProblem, type RunsListRow } from '../../schemas/runs-filter.ts';
import { couldNot } from '../api/describe-error.ts';
import { followStartedJob } from '../app/follow-started-job.ts';
import { parseImportPaths } from './import-paths-input.ts';
import { importOutcome, type ImportPhase } from './import-outcome.ts';

type LoadPhase = 'idle' | 'loading' | 'ready' | 'failed';

/** The Runs table's filters as the controls hold them, by their terms (schemas/runs-filter.ts). */
export type RunsTerms = Partial<Record<Exclude<RunsFilterTerm, 'task'>, string>>;

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
  /** The Runs table's filters but the task, as the controls hold them (the address writes them the same way). */
  runsTerms: RunsTerms;
  /** What is wrong with a filter as typed: the table keeps its last rows until it is fixed. */
  termProblems: RunsFilterTermProblem[];
  runsPhase: LoadPhase;
  /** The runs the filters keep (the selected task's, when one is selected). */
  runs: RunsListRow[];
  /** How many runs the workspace holds in all. */
  totalRuns: number;
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
  /** Lists every task's runs again (the filters stay). */
  clearTask(): void;
  setRunsTerm(term: Exclude<RunsFilterTerm, 'task'>, value: string): void;
  /** Sorts by a column: ascending first, descending on a second press. */
  sortBy(field: RunSortField): void;
  clearRunsTerms(): void;
  /** Shows what an address names (a link to a filtered view): its task and filters, nothing else kept. */
  applyAddressTerms(terms: Partial<Record<RunsFilterTerm, string>>): void;
  /** The filter the table shows, task included. */
  runsFilter(): RunsFilter;
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
        await Promise.all([get().loadTasks(), get().loadRuns()]);
      },
    });

    return {
      tasksPhase: 'idle',
      tasks: [],
      filter: '',
      showSynthetic: false,
      runsTerms: {},
      termProblems: [],
      runsPhase: 'idle',
      runs: [],
      totalRuns: 0,
      pathsText: '',
      announcement: '',

      connect(client) {
        set({ client });
        const unsubscribe = client.onEvent((event) => {
          if (event.type === 'job') get().jobChanged(event.job);
        });
        // Each visit refreshes: runs imported from the command line since then show up.
        void get().loadTasks();
        void get().loadRuns();
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

      clearTask() {
        if (get().selectedTaskId === undefined) return;
        set({ selectedTaskId: undefined, runs: [], runsPhase: 'idle' });
        void get().loadRuns();
      },

      setRunsTerm(term, value) {
        set({ runsTerms: { ...get().runsTerms, [term]: value } });
        void get().loadRuns();
      },

      sortBy(field) {
        const { filter } = runsFilterOfTerms({ sort: get().runsTerms.sort });
        const sort = filter.sort === field && !filter.descending ? `${field}:desc` : field;
        get().setRunsTerm('sort', sort);
      },

      clearRunsTerms() {
        set({ runsTerms: {} });
        void get().loadRuns();
      },

      applyAddressTerms(terms) {
        const { task, ...rest } = terms;
        set({ selectedTaskId: task, runsTerms: rest, runs: [], runsPhase: 'idle' });
        void get().loadRuns();
      },

      runsFilter() {
        const { filter } = runsFilterOfTerms({ ...get().runsTerms, task: get().selectedTaskId });
        return filter;
      },

      async loadRuns() {
        const { client, selectedTaskId, runsTerms } = get();
        const { filter, problems } = runsFilterOfTerms({ ...runsTerms, task: selectedTaskId });
        set({ termProblems: problems });
        if (!client || problems.length > 0) return;
        const request = ++runsRequest;
        if (get().runsPhase !== 'ready') set({ runsPhase: 'loading' });
        try {
          const { runs, total } = await client.call('runs.list', filter);
          if (request !== runsRequest) return;
          set({ runs, totalRuns: total, runsPhase: 'ready' });
        } catch (error) {
          if (request !== runsRequest) return;
          set({ runsPhase: 'failed', error: couldNot('list the runs', error, 'Change a filter, or select the task again, to retry.') });
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
