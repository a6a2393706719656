import { create } from 'zustand';
import { EXPORT_SUBSETS, type ExportFormat, type ExportResult, type ExportSubset } from '../../schemas/export.ts';
import type { Job } from '../../schemas/jobs.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { errorDetail, followResultJob } from './follow-result-job.ts';

export type ExportPhase = 'idle' | 'starting' | 'exporting' | 'succeeded' | 'failed' | 'cancelled';

export interface ExportState {
  client?: RpcClient;
  outDir: string;
  format: ExportFormat;
  subsets: ExportSubset[];
  pseudonymise: boolean;
  includeSynthetic: boolean;
  phase: ExportPhase;
  jobId?: string;
  done: number;
  total: number;
  message: string;
  result?: ExportResult;
  /** Follows job events; returns the unsubscribe. */
  connect(client: RpcClient): () => void;
  setOutDir(outDir: string): void;
  setFormat(format: ExportFormat): void;
  toggleSubset(subset: ExportSubset): void;
  setPseudonymise(on: boolean): void;
  setIncludeSynthetic(on: boolean): void;
  /** Starts export.hf with the form's choices, or says what is missing. */
  start(): Promise<void>;
  cancel(): Promise<void>;
  jobChanged(job: Job): void;
}


export function createExportStore() {
  return create<ExportState>()((set, get) => {
    const follow = followResultJob<ExportResult, ExportState>({
      kind: 'export.hf',
      get,
      set,
      fetchResult: async (client, jobId) => (await client.call('export.result', { jobId })).result,
      resultWords: 'the file list',
    });

    return {
      outDir: '',
      format: 'parquet',
      subsets: [...EXPORT_SUBSETS],
      pseudonymise: false,
      includeSynthetic: false,
      phase: 'idle',
      done: 0,
      total: 0,
      message: '',

      connect(client) {
        set({ client });
        return client.onEvent((event) => {
          if (event.type === 'job') get().jobChanged(event.job);
        });
      },
      setOutDir: (outDir) => set({ outDir }),
      setFormat: (format) => set({ format }),
      toggleSubset: (subset) =>
        set((state) => ({ subsets: state.subsets.includes(subset) ? state.subsets.filter((s) => s !== subset) : EXPORT_SUBSETS.filter((s) => s === subset || state.subsets.includes(s)) })),
      setPseudonymise: (pseudonymise) => set({ pseudonymise }),
      setIncludeSynthetic: (includeSynthetic) => set({ includeSynthetic }),

      async start() {
        const { client, outDir, format, subsets, pseudonymise, includeSynthetic, phase } = get();
        if (!client || phase === 'starting' || phase === 'exporting') return;
        if (outDir.trim().length === 0) return set({ phase: 'failed', message: 'Type the folder to create on the server machine, e.g. /home/me/datasets/lhb-release. Nothing was exported.' });
        if (subsets.length === 0) return set({ phase: 'failed', message: 'Choose at least one subset. Nothing was exported.' });
        set({ phase: 'starting', message: 'Starting the export…', result: undefined, done: 0, total: 0, jobId: undefined });
        try {
          const { jobId } = await client.call('export.hf', { outDir: outDir.trim(), format, subsets, pseudonymise, includeSynthetic });
          set({ jobId, phase: 'exporting' });
          await follow.started(jobId);
        } catch (error) {
          set({ phase: 'failed', message: `Could not start the export: ${errorDetail(error)}. Nothing was written.` });
        }
      },

      async cancel() {
        const { client, jobId } = get();
        if (client && jobId) await client.call('jobs.cancel', { jobId }).catch(() => undefined);
      },

      jobChanged: (job) => follow.jobChanged(job),
    };
  });
}

export const useExportStore = createExportStore();
