import { create } from 'zustand';
import type { ImportResult } from '../../schemas/import.ts';
import { FINISHED_JOB_STATES, type Job } from '../../schemas/jobs.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';

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

const detail = (error: unknown) => (error instanceof RpcCallError || error instanceof Error ? error.message : String(error)).replace(/\.$/, '');

export function createImportStore() {
  return create<ImportState>()((set, get) => {
    // An import can finish before import.hf has answered with its job id.
    const finished = new Map<string, Job>();

    const finish = async (job: Job) => {
      if (job.state === 'succeeded') {
        const client = get().client;
        try {
          const { result } = client ? await client.call('import.result', { jobId: job.id }) : { result: null };
          set({ phase: 'succeeded', message: job.message, result: result ?? undefined, done: job.done, total: job.total });
        } catch (error) {
          set({ phase: 'succeeded', message: `${job.message} (what it did could not be read: ${detail(error)})` });
        }
      } else {
        set({ phase: job.state === 'cancelled' ? 'cancelled' : 'failed', message: job.message });
      }
    };

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
          const ended = finished.get(jobId);
          if (ended) await finish(ended);
        } catch (error) {
          set({ phase: 'failed', message: `Could not start the import: ${detail(error)}. Nothing was imported.` });
        }
      },

      async cancel() {
        const { client, jobId } = get();
        if (client && jobId) await client.call('jobs.cancel', { jobId }).catch(() => undefined);
      },

      jobChanged(job) {
        if (job.kind !== 'import.hf') return;
        if (FINISHED_JOB_STATES.includes(job.state)) {
          finished.set(job.id, job);
          if (finished.size > 20) finished.delete(finished.keys().next().value as string);
        }
        if (job.id !== get().jobId) return;
        if (FINISHED_JOB_STATES.includes(job.state)) void finish(job);
        else set({ done: job.done, total: job.total, message: job.message });
      },
    };
  });
}

export const useImportStore = createImportStore();
