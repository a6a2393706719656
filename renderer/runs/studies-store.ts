import { create } from 'zustand';
import type { RpcClient } from '../../schemas/rpc.ts';
import type { StudyRunView, StudySummary } from '../../schemas/studies.ts';
import { couldNot } from '../api/describe-error.ts';
import { STATUS_WORDS, studyIsLive } from './study-words.ts';

type LoadPhase = 'idle' | 'loading' | 'ready' | 'failed';

export interface StudyView {
  study: StudySummary;
  runs: StudyRunView[];
  /** What of the study's spec the screen shows: whether it runs without sandbox. */
  spec?: { sandbox?: boolean | undefined };
}

export interface StudiesState {
  client?: RpcClient;
  studiesPhase: LoadPhase;
  studies: StudySummary[];
  selectedStudyId?: string;
  view?: StudyView;
  viewPhase: LoadPhase;
  /** The clock elapsed times are shown against; ticks while a study runs. */
  now: number;
  /** Buttons whose call is on its way (`cancel-study`, `resume-study`, `retry-failed`, `cancel:<run>`, `retry:<run>`). */
  busy: Record<string, true>;
  error?: string;
  announcement: string;
  /** Lists the studies, polls the selected one every `pollMs` while it runs, follows study jobs; returns the stop. */
  connect(client: RpcClient, pollMs?: number): () => void;
  loadStudies(): Promise<void>;
  selectStudy(studyId: string): void;
  loadStudy(): Promise<void>;
  /** One poll: the clock, and the selected study while it runs. */
  tick(now?: number): Promise<void>;
  cancelStudy(): Promise<void>;
  resumeStudy(): Promise<void>;
  /** Runs the study's failed, timed-out and no-output runs again, each in its place. */
  retryFailedRuns(): Promise<void>;
  cancelRun(runId: string): Promise<void>;
  retryRun(runId: string): Promise<void>;
  dismissError(): void;
}

export function createStudiesStore() {
  return create<StudiesState>()((set, get) => {
    let studiesRequest = 0;
    let viewRequest = 0;

    /** Runs one button's call once at a time, then refreshes what it changed. */
    const act = async (key: string, what: string, next: string, call: (client: RpcClient) => Promise<string>) => {
      const { client, busy } = get();
      if (!client || busy[key]) return;
      set({ busy: { ...busy, [key]: true } });
      try {
        const said = await call(client);
        set({ announcement: said });
      } catch (error) {
        set({ error: couldNot(what, error, next) });
      } finally {
        const { [key]: _done, ...rest } = get().busy;
        set({ busy: rest });
        await Promise.all([get().loadStudy(), get().loadStudies()]);
      }
    };

    const runLabel = (runId: string) => {
      const run = get().view?.runs.find((r) => r.id === runId);
      return run ? `${run.harness} on ${run.taskId} (repeat ${run.repeat + 1})` : `run ${runId}`;
    };

    return {
      studiesPhase: 'idle',
      studies: [],
      viewPhase: 'idle',
      now: Date.now(),
      busy: {},
      announcement: '',

      connect(client, pollMs = 1000) {
        set({ client });
        void get().loadStudies();
        if (get().selectedStudyId) void get().loadStudy();
        const unsubscribe = client.onEvent((event) => {
          // A study's job moved, or another process (`lhb runs start` in a terminal) wrote its runs.
          if (event.type === 'job' ? event.job.kind !== 'runs.study' : event.type !== 'store-changed') return;
          void get().loadStudies();
          if (get().selectedStudyId) void get().loadStudy();
        });
        const timer = setInterval(() => void get().tick(), pollMs);
        return () => {
          clearInterval(timer);
          unsubscribe();
        };
      },

      async loadStudies() {
        const { client } = get();
        if (!client) return;
        const request = ++studiesRequest;
        if (get().studiesPhase !== 'ready') set({ studiesPhase: 'loading' });
        try {
          const { studies } = await client.call('runs.studies', {});
          if (request !== studiesRequest) return;
          set({ studies, studiesPhase: 'ready' });
        } catch (error) {
          if (request !== studiesRequest) return;
          set({ studiesPhase: 'failed', error: couldNot('list the studies', error, 'Reload the page to try again; nothing was changed.') });
        }
      },

      selectStudy(studyId) {
        if (get().selectedStudyId === studyId && get().viewPhase === 'ready') return;
        set({ selectedStudyId: studyId, view: undefined, viewPhase: 'idle' });
        void get().loadStudy();
      },

      async loadStudy() {
        const { client, selectedStudyId } = get();
        if (!client || !selectedStudyId) return;
        const request = ++viewRequest;
        if (get().viewPhase !== 'ready') set({ viewPhase: 'loading' });
        try {
          const view = await client.call('runs.study', { studyId: selectedStudyId });
          if (request !== viewRequest || get().selectedStudyId !== selectedStudyId) return;
          const before = get().view;
          set({ view, viewPhase: 'ready', now: Date.now() });
          // Say when a run ends, for screen readers following the table.
          if (before?.study.id === view.study.id) {
            const ended = view.runs.filter((run) => {
              const was = before.runs.find((r) => r.id === run.id);
              return was && was.status !== run.status && run.status !== 'running' && run.status !== 'pending';
            });
            if (ended.length > 0) set({ announcement: ended.map((run) => `${run.harness} on ${run.taskId}: ${STATUS_WORDS[run.status]}`).join('; ') });
          }
        } catch (error) {
          if (request !== viewRequest) return;
          set({ viewPhase: 'failed', error: couldNot('show the study', error, 'Select it again to retry; nothing was changed.') });
        }
      },

      async tick(now = Date.now()) {
        set({ now });
        const { view } = get();
        if (view && studyIsLive(view.study, view.runs)) await Promise.all([get().loadStudy(), get().loadStudies()]);
      },

      cancelStudy() {
        const studyId = get().selectedStudyId;
        return act('cancel-study', 'cancel the study', 'Its runs go on; press Cancel study again.', async (client) => {
          const { cancelled } = await client.call('runs.cancel', { studyId: studyId! });
          return cancelled > 0 ? 'Cancelling the study: its running runs are being stopped.' : 'The study was not running.';
        });
      },

      resumeStudy() {
        const studyId = get().selectedStudyId;
        return act('resume-study', 'resume the study', 'Its finished runs are kept; press Resume study again.', async (client) => {
          await client.call('runs.resume', { studyId: studyId! });
          return 'Study resumed: its unfinished runs run again; finished ones are kept.';
        });
      },

      retryFailedRuns() {
        const studyId = get().selectedStudyId;
        return act('retry-failed', 'retry the failed runs', 'Their earlier attempts are kept as they were; press Retry failed runs again.', async (client) => {
          const { retried, kept } = await client.call('runs.retryFailed', { studyId: studyId! });
          const said = `Retrying ${retried.length} run${retried.length === 1 ? '' : 's'} that did not succeed.`;
          return kept.length === 0 ? said : `${said} Kept as ${kept.length === 1 ? 'it was' : 'they were'}: ${kept.map((run) => run.reason).join(' ')}`;
        });
      },

      cancelRun(runId) {
        const label = runLabel(runId);
        return act(`cancel:${runId}`, `cancel ${label}`, 'It goes on running; press Cancel run again.', async (client) => {
          const { cancelled } = await client.call('runs.cancel', { runId });
          return cancelled > 0 ? `Cancelling ${label}.` : `${label} was not running.`;
        });
      },

      retryRun(runId) {
        const label = runLabel(runId);
        return act(`retry:${runId}`, `retry ${label}`, 'Its earlier attempt is kept as it was.', async (client) => {
          const { attempt, earlier } = await client.call('runs.retry', { runId });
          if (!earlier) return `Retrying ${label}.`;
          return `Retrying ${label} as attempt ${attempt}; attempt ${earlier.attempt} is kept with its judgments and votes, and the figures now count attempt ${attempt}.`;
        });
      },

      dismissError() {
        set({ error: undefined });
      },
    };
  });
}

export const useStudiesStore = createStudiesStore();
