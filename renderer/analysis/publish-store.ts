import { create } from 'zustand';
import type { Job } from '../../schemas/jobs.ts';
import type { ReportResult } from '../../schemas/report.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { describeError, errorClause } from '../api/describe-error.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';
import { followStartedJob } from '../app/follow-started-job.ts';
import { reportInput, type AnalysisRequest } from './analysis-store.ts';

export type PublishPhase = 'idle' | 'starting' | 'writing' | 'succeeded' | 'failed' | 'cancelled';
/** The dialog's fields a refusal can concern. */
export type PublishField = 'outDir' | 'pdf';

export interface PublishState {
  client?: RpcClient;
  outDir: string;
  pdf: boolean;
  phase: PublishPhase;
  jobId?: string;
  done: number;
  total: number;
  message: string;
  /** Why a field cannot be used, in the dialog's words (cleared when the field is edited). */
  problems: Partial<Record<PublishField, string>>;
  result?: ReportResult;
  /** Follows job events; returns the unsubscribe. */
  connect(client: RpcClient): () => void;
  setOutDir(outDir: string): void;
  setPdf(pdf: boolean): void;
  /** Writes the report of `request` (the one the screen's report was computed with) to the folder typed. */
  start(request: AnalysisRequest): Promise<void>;
  cancel(): Promise<void>;
  jobChanged(job: Job): void;
  /** Clears what the last publish said, keeping the folder and PDF choice, for the next one. */
  reset(): void;
}

const runPages = (count: number) => (count === 1 ? '1 run page' : `${count} run pages`);

/** "Published: 12 run pages and report.pdf." */
export function publishedText(result: ReportResult): string {
  return `Published: the index page, ${runPages(result.runs)}${result.pdf ? ' and the PDF' : ''}.`;
}

/**
 * Whether this page talks to the server from the server's own machine: the desktop app, or a
 * browser that reached it by a loopback name. The server writes reports only for such callers
 * (a folder typed on another machine names nothing there), and says so when asked anyway.
 */
export function onServerMachine(win: { location: { hostname: string }; lhb?: unknown }): boolean {
  if (win.lhb) return true;
  const host = win.location.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * The "Publish report…" dialog: report.write with the screen's analysis request, the job's
 * progress, then where the index page is and what was written; a refusal shows at its field.
 */
export function createPublishStore() {
  return create<PublishState>()((set, get) => {
    const follow = followStartedJob({
      kind: 'report.write',
      follows: (jobId) => jobId === get().jobId,
      progressed: (job) => set({ done: job.done, total: job.total, message: job.message }),
      async ended(job) {
        if (job.state !== 'succeeded') return set({ phase: job.state === 'cancelled' ? 'cancelled' : 'failed', message: job.message });
        const { client } = get();
        try {
          const result = client ? (await client.call('report.result', { jobId: job.id })).result : null;
          set({ phase: 'succeeded', result: result ?? undefined, done: job.done, total: job.total, message: result ? publishedText(result) : job.message });
        } catch (error) {
          set({ phase: 'succeeded', message: `${job.message} (what it wrote could not be read: ${errorClause(error)})` });
        }
      },
    });

    return {
      outDir: '',
      pdf: false,
      phase: 'idle',
      done: 0,
      total: 0,
      message: '',
      problems: {},

      connect(client) {
        set({ client });
        return client.onEvent((event) => {
          if (event.type === 'job') get().jobChanged(event.job);
        });
      },
      setOutDir: (outDir) => set((state) => ({ outDir, problems: { ...state.problems, outDir: undefined } })),
      setPdf: (pdf) => set((state) => ({ pdf, problems: { ...state.problems, pdf: undefined } })),

      async start(request) {
        const { client, outDir, pdf, phase } = get();
        if (!client || phase === 'starting' || phase === 'writing') return;
        if (outDir.trim().length === 0) {
          return set({ phase: 'failed', message: '', problems: { outDir: 'Type the folder to create on this machine, e.g. /home/me/reports/study-1. Nothing was written.' } });
        }
        set({ phase: 'starting', message: 'Starting the report…', result: undefined, done: 0, total: 0, jobId: undefined, problems: {} });
        try {
          const { jobId } = await client.call('report.write', { outDir: outDir.trim(), pdf, analysis: reportInput(request) });
          set({ jobId, phase: 'writing' });
          await follow.started(jobId);
        } catch (error) {
          // The server names the field a refusal concerns (a folder that holds files, no Chromium for the PDF).
          const field = error instanceof RpcCallError && (error.field === 'outDir' || error.field === 'pdf') ? error.field : undefined;
          if (field) return set({ phase: 'failed', message: '', problems: { [field]: describeError(error) } });
          set({ phase: 'failed', message: `Could not publish the report: ${errorClause(error)}. Nothing was written.` });
        }
      },

      async cancel() {
        const { client, jobId } = get();
        if (client && jobId) await client.call('jobs.cancel', { jobId }).catch(() => undefined);
      },

      jobChanged: (job) => follow.jobChanged(job),

      reset() {
        const { phase } = get();
        if (phase === 'starting' || phase === 'writing') return;
        set({ phase: 'idle', message: '', problems: {}, result: undefined, jobId: undefined, done: 0, total: 0 });
      },
    };
  });
}

export const usePublishStore = createPublishStore();
