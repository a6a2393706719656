import { create } from 'zustand';
import type { ImportResult } from '../../schemas/import.ts';
import type { Job } from '../../schemas/jobs.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { errorClause } from '../api/describe-error.ts';
import { followResultJob } from './follow-result-job.ts';

export type ImportPhase = 'idle' | 'starting' | 'importing' | 'succeeded' | 'failed' | 'cancelled';

export interface ImportState {
  client?: RpcClient;
  dir: string;
  phase: ImportPhase;
  jobId?: string;
  done: number;
  total: number;
  message: string;
  result?: ImportResult;
  /** Follows job events; returns the unsubscribe. */
  connect(client: RpcClient): () => void;
  setDir(dir: string): void;
  /** Starts import.hf on the folder, or says what is missing. */
  start(): Promise<void>;
  cancel(): Promise<void>;
  jobChanged(job: Job): void;
}


export function createImportStore() {
  return create<ImportState>()((set, get) => {
    const follow = followResultJob<ImportResult, ImportState>({
      kind: 'import.hf',
      get,
      set,
      fetchResult: async (client, jobId) => (await client.call('import.result', { jobId })).result,
      resultWords: 'what it did',
    });

    return {
      dir: '',
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
      setDir: (dir) => set({ dir }),

      async start() {
        const { client, dir, phase } = get();
        if (!client || phase === 'starting' || phase === 'importing') return;
        if (dir.trim().length === 0) return set({ phase: 'failed', message: 'Type the dataset folder on the server machine, e.g. /home/me/datasets/lhb-release. Nothing was imported.' });
        set({ phase: 'starting', message: 'Starting the import…', result: undefined, done: 0, total: 0, jobId: undefined });
        try {
          const { jobId } = await client.call('import.hf', { dir: dir.trim() });
          set({ jobId, phase: 'importing' });
          await follow.started(jobId);
        } catch (error) {
          set({ phase: 'failed', message: `Could not start the import: ${errorClause(error)}. Nothing was imported.` });
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

export const useImportStore = createImportStore();
