import { create } from 'zustand';
import type { RunSummary } from '../../schemas/arena.ts';
import type { RunAssets } from '../../schemas/run-assets.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import type { RunDetail } from '../../schemas/studies.ts';
import type { Trajectory, TrajectoryError } from '../../schemas/trajectory.ts';
import { couldNot } from '../api/describe-error.ts';

export interface OpenRun {
  /** The id it was opened with: a store run's or a study run's. */
  id: string;
  /** The step (from 1) to show first, when it was opened at one (a search result). */
  focusStep?: number;
  phase: 'loading' | 'ready' | 'failed';
  detail?: RunDetail;
  trajectory: Trajectory | null;
  errors: TrajectoryError[];
  assets?: RunAssets;
  /** What frame capture found (runs of the store only). */
  findings: RunSummary['findings'];
  problem?: string;
}

export interface RunViewState {
  client?: RpcClient;
  run?: OpenRun;
  /** Opens a run's record: its detail, trajectory with errors and recoveries, artifacts and findings. */
  open(client: RpcClient, runId: string, focusStep?: number): Promise<void>;
  close(): void;
}

export function createRunViewStore() {
  return create<RunViewState>()((set, get) => {
    let request = 0;
    return {
      async open(client, runId, focusStep) {
        const mine = ++request;
        set({ client, run: { id: runId, focusStep, phase: 'loading', trajectory: null, errors: [], findings: [] } });
        try {
          const [{ run: detail }, { trajectory, errors }, assets] = await Promise.all([
            client.call('runs.show', { runId }),
            client.call('runs.trajectory', { runId }),
            client.call('runs.assets', { runId }),
          ]);
          // Capture findings live on the store's run, listed with its task's runs.
          const { runs } = await client.call('runs.list', { taskId: detail.task, allAttempts: true });
          const summary = runs.find((r) => r.id === (assets.runId ?? detail.id));
          if (mine !== request) return;
          set({ run: { id: runId, focusStep, phase: 'ready', detail, trajectory, errors, assets, findings: summary?.findings ?? [] } });
        } catch (error) {
          if (mine !== request) return;
          set({ run: { id: runId, phase: 'failed', trajectory: null, errors: [], findings: [], problem: couldNot('open the run', error, 'Close this and open it again to retry.') } });
        }
      },

      close() {
        request++;
        if (get().run) set({ run: undefined });
      },
    };
  });
}

export const useRunViewStore = createRunViewStore();
