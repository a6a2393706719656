import { create } from 'zustand';
import { z } from 'zod';
import { AnalysisReportSchema, studyLabels, type AnalysisReport, type StudyRef } from '../../schemas/analysis.ts';
import type { RpcClient, RpcInput } from '../../schemas/rpc.ts';
import { errorClause } from '../api/describe-error.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';
import { formatCount } from '../../schemas/format-number.ts';
import { FINISHED_JOB_STATES, type Job } from '../../schemas/jobs.ts';
import { followStartedJob } from '../app/follow-started-job.ts';
import { readWorkspaceMemory, writeWorkspaceMemory } from '../ui/workspace-memory.ts';
import { describeZodIssues } from '../../schemas/lhb-error.ts';

export const DEFAULT_RESAMPLES = 1000;
export const MIN_RESAMPLES = 100;
export const MAX_RESAMPLES = 20_000;
/** How often the job list is asked how a background recompute ended, should its event be missed. */
const REFRESH_POLL_MS = 2000;

/**
 * The demo's synthetic records: `auto` lets the report decide (left out once any real vote or
 * judgment exists, shown while none does); `include` and `exclude` are the user's explicit choice.
 */
export type SyntheticMode = 'auto' | 'include' | 'exclude';

export interface AnalysisRequest {
  resamples: number;
  synthetic: SyntheticMode;
  /** Leave out votes flagged as faster than their fast-vote floor (the “Leave out fast votes” switch); counted by default. */
  excludeFastVotes?: boolean;
  /** The studies the report is limited to (the study picker), by id; absent or empty, every study and imported run. */
  studies?: string[];
}

export interface AnalysisState {
  client?: RpcClient;
  phase: 'idle' | 'loading' | 'ready' | 'failed';
  report?: AnalysisReport;
  /** What the report on screen was computed with. */
  shown?: AnalysisRequest;
  /** The form: what the next Recompute asks for. */
  request: AnalysisRequest;
  /** The request in flight, for the progress text. */
  pending?: AnalysisRequest;
  /** The workspace's studies, for the study picker (empty until listed, or when it has none). */
  studies: StudyRef[];
  /** The workspace's folder: whose remembered study choice this is. */
  workspaceDir?: string;
  /** When the report on screen was computed, if the store has changed since: it is being recomputed in the background. */
  staleSince?: string;
  error?: string;
  announcement: string;
  connect(client: RpcClient): void;
  load(): Promise<void>;
  jobChanged(job: Job): void;
  setIncludeSynthetic(include: boolean): void;
  setExcludeFastVotes(exclude: boolean): void;
  setResamples(resamples: number): void;
  /** Lists the studies for the picker and applies the choice remembered for this workspace (recomputing when it differs). */
  loadStudies(): Promise<void>;
  /** Limits the next report to these studies (none: all), remembered for this workspace. */
  setStudies(ids: readonly string[]): void;
  dismissError(): void;
  announce(text: string): void;
}

const SYNTHETIC_WORDS: Record<SyntheticMode, string> = { auto: '', include: ' (synthetic data included)', exclude: ' (synthetic data left out)' };

/** "Computing… 1,000 resamples (synthetic data left out) for 2 studies" */
export function progressText(request: AnalysisRequest): string {
  const studies = request.studies?.length ?? 0;
  return `Computing… ${formatCount(request.resamples)} resamples${SYNTHETIC_WORDS[request.synthetic]}${studies === 0 ? '' : ` for ${studies === 1 ? '1 study' : `${formatCount(studies)} studies`}`}`;
}

const RememberedStudiesSchema = z.array(z.string());

/** The study ids remembered for a workspace that it still has. */
function rememberedStudies(workspaceDir: string, studies: readonly StudyRef[]): string[] {
  const parsed = RememberedStudiesSchema.safeParse(JSON.parse(readWorkspaceMemory('analysis-studies', workspaceDir) ?? '[]'));
  return parsed.success ? parsed.data.filter((id) => studies.some((study) => study.id === id)) : [];
}

const sameIds = (x: readonly string[] = [], y: readonly string[] = []) => x.length === y.length && x.every((id) => y.includes(id));

/** The analysis.report input for a request: no synthetic flag at all under `auto`. */
export function reportInput(request: AnalysisRequest): RpcInput<'analysis.report'> {
  return {
    resamples: request.resamples,
    ...(request.synthetic === 'include' ? { includeSynthetic: true } : request.synthetic === 'exclude' ? { excludeSynthetic: true } : {}),
    ...(request.excludeFastVotes ? { excludeFastVotes: true } : {}),
    ...(request.studies && request.studies.length > 0 ? { studies: [...request.studies].sort() } : {}),
  };
}

/** Whether the “Include synthetic data” toggle reads ticked: the user's choice, else what the report on screen did. */
export function includesSyntheticChoice(request: AnalysisRequest, report: AnalysisReport | undefined): boolean {
  return request.synthetic === 'auto' ? (report?.study.synthetic.included ?? false) : request.synthetic === 'include';
}

/** Keeps a typed-in resample count inside what the contract accepts. */
export function clampResamples(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_RESAMPLES;
  return Math.min(MAX_RESAMPLES, Math.max(MIN_RESAMPLES, Math.round(value)));
}

function failure(error: unknown, hasReport: boolean): string {
  const detail = errorClause(error);
  const network = error instanceof RpcCallError && error.code === 'network';
  const next = network
    ? 'The app lost its connection to the workspace: check that it is still running, then press Recompute.'
    : 'Press Recompute to try again.';
  return `Could not compute the analysis: ${detail}. ${hasReport ? 'The previous report is still shown. ' : ''}${next}`;
}

export function createAnalysisStore() {
  return create<AnalysisState>()((set, get) => {
    // Only the newest request's answer is shown; an older one arriving late is dropped.
    let latest = 0;
    /** The refresh job being waited for, and how to wake the wait when it ends. */
    let waiting: { jobId: string; ended: (job: Job) => void } | undefined;
    const follow = followStartedJob({
      kind: 'analysis.refresh',
      follows: (jobId) => waiting?.jobId === jobId,
      progressed: () => {},
      ended: (job) => waiting?.ended(job),
    });
    const untilEnded = (client: RpcClient, jobId: string) =>
      new Promise<Job>((resolve) => {
        const finish = (job: Job) => {
          clearInterval(poll);
          if (waiting?.jobId === jobId) waiting = undefined;
          resolve(job);
        };
        // Events can be missed (a reconnect): the job list says how it ended too.
        const poll = setInterval(() => {
          void client
            .call('jobs.list', { limit: 50 })
            .then(({ jobs }) => {
              const job = jobs.find((candidate) => candidate.id === jobId);
              if (job && FINISHED_JOB_STATES.includes(job.state)) finish(job);
            })
            .catch(() => undefined);
        }, REFRESH_POLL_MS);
        waiting = { jobId, ended: finish };
        void follow.started(jobId);
      });

    const shape = (answer: unknown): AnalysisReport => {
      const parsed = AnalysisReportSchema.safeParse(answer);
      if (parsed.success) return parsed.data;
      throw new Error(`the report did not have the expected shape (${describeZodIssues(parsed.error, 'root', 1) || 'root: invalid'})`);
    };

    return {
      phase: 'idle',
      request: { resamples: DEFAULT_RESAMPLES, synthetic: 'auto' },
      studies: [],
      announcement: '',

      connect(client) {
        if (get().client === client) return;
        set({ client });
        client.onEvent((event) => {
          if (event.type === 'job') get().jobChanged(event.job);
        });
        void get().load();
        void get().loadStudies();
      },

      async loadStudies() {
        const { client } = get();
        if (!client) return;
        try {
          const [{ studies }, { workspaceDir }] = await Promise.all([client.call('runs.studies', {}), client.call('workspace.info', {})]);
          const labels = studyLabels(studies);
          const choices = [...studies].sort((x, y) => x.createdAt.localeCompare(y.createdAt) || x.id.localeCompare(y.id)).map((study) => ({ id: study.id, label: labels.get(study.id)! }));
          set({ studies: choices, workspaceDir });
          // The choice remembered for this workspace (each pick is written there), less any study it no longer has.
          const chosen = rememberedStudies(workspaceDir, choices);
          if (sameIds(chosen, get().request.studies)) return;
          set((state) => ({ request: { ...state.request, studies: chosen } }));
          void get().load();
        } catch {
          // Without the list there is no picker; the report still covers every study.
        }
      },

      setStudies(ids) {
        const studies = [...ids];
        set((state) => ({ request: { ...state.request, studies } }));
        const { workspaceDir } = get();
        if (workspaceDir !== undefined) writeWorkspaceMemory('analysis-studies', workspaceDir, JSON.stringify(studies));
      },

      // The report stored for this request shows at once; when the store changed since it was
      // computed, it stays on screen (marked) while a background job recomputes it.
      async load() {
        const { client, request } = get();
        if (!client) return;
        const id = ++latest;
        const asked = { ...request };
        const input = reportInput(asked);
        set({ phase: 'loading', pending: asked, error: undefined, announcement: progressText(asked) });
        try {
          const cached = await client.call('analysis.cached', input);
          if (id !== latest) return;
          if (cached.report) {
            set({ phase: 'ready', report: shape(cached.report), shown: asked, staleSince: cached.current ? undefined : cached.computedAt });
          }
          if (cached.current) return set({ pending: undefined, announcement: 'Analysis ready.' });
          const refresh = await client.call('analysis.refresh', input);
          if (id !== latest) return;
          if (refresh.jobId) {
            const ended = await untilEnded(client, refresh.jobId);
            if (id !== latest) return;
            if (ended.state !== 'succeeded') throw new Error(ended.message || `the recompute ${ended.state}`);
          }
          const fresh = await client.call('analysis.cached', input);
          if (id !== latest) return;
          if (!fresh.report) throw new Error('the recomputed report was not stored');
          set({ phase: 'ready', report: shape(fresh.report), shown: asked, staleSince: fresh.current ? undefined : fresh.computedAt, pending: undefined, announcement: 'Analysis ready.' });
        } catch (error) {
          if (id !== latest) return;
          const hasReport = get().report !== undefined;
          set({ phase: hasReport ? 'ready' : 'failed', pending: undefined, error: failure(error, hasReport), announcement: '' });
        }
      },

      jobChanged: (job) => follow.jobChanged(job),

      setIncludeSynthetic(include) {
        set((state) => ({ request: { ...state.request, synthetic: include ? 'include' : 'exclude' } }));
      },

      setExcludeFastVotes(exclude) {
        set((state) => ({ request: { ...state.request, excludeFastVotes: exclude } }));
      },

      setResamples(resamples) {
        set((state) => ({ request: { ...state.request, resamples: clampResamples(resamples) } }));
      },

      dismissError() {
        set({ error: undefined });
      },

      announce(text) {
        set({ announcement: text });
      },
    };
  });
}

export const useAnalysisStore = createAnalysisStore();
