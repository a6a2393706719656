import { create } from 'zustand';
import type { Job } from '../../schemas/jobs.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import type { WorkspaceInfo } from '../../schemas/workspace.ts';
import { currentClient, holdConnectedClient } from '../api/connected-client.ts';
import { watchesConnection, type ConnectionState, type ConnectionWatch } from '../api/connection-state.ts';
import { describeError } from '../api/describe-error.ts';
import type { SectionId } from './sections.ts';

export interface AppState {
  section: SectionId;
  info?: WorkspaceInfo;
  /** Jobs by id; the tray orders them. */
  jobs: Record<string, Job>;
  /** A problem the user must see (connection lost, a call refused), with what to do. */
  error?: string;
  /** Whether the server is still there (browser mode); always connected in Electron. */
  connection: ConnectionState;
  /** Holds the client for the screens (renderer/api/connected-client.ts) and follows its jobs and connection. */
  connect(client: RpcClient): () => void;
  showSection(section: SectionId): void;
  refresh(): Promise<void>;
  startVerify(): Promise<void>;
  cancelJob(jobId: string): Promise<void>;
  dismissError(): void;
}

const newer = (a: Job | undefined, b: Job): Job => (a && a.updatedAt > b.updatedAt ? a : b);

/**
 * Follows the server's connection, and asks for the jobs' real states each time the event stream
 * opens: events sent while it was closed (before it first opened, or while the server was out of
 * reach) are not replayed.
 */
function watchJobs(client: RpcClient & ConnectionWatch): () => void {
  const unwatch = client.onConnection((connection) => useAppStore.setState({ connection }));
  const unopen = client.onStreamOpen(() => void useAppStore.getState().refresh());
  return () => {
    unwatch();
    unopen();
  };
}

export const useAppStore = create<AppState>()((set, get) => ({
  section: 'annotate',
  jobs: {},
  connection: { kind: 'connected' },

  connect(client) {
    holdConnectedClient(client);
    set({ connection: { kind: 'connected' } });
    const unsubscribe = client.onEvent((event) => {
      if (event.type === 'job') set((state) => ({ jobs: { ...state.jobs, [event.job.id]: event.job } }));
    });
    const unwatch = watchesConnection(client) ? watchJobs(client) : () => {};
    // Events are heard from now on (IPC) or once the stream opens (browser mode, which asks again then).
    void get().refresh();
    return () => {
      unsubscribe();
      unwatch();
    };
  },

  showSection(section) {
    set({ section });
  },

  async refresh() {
    const client = currentClient();
    if (!client) return;
    try {
      const [info, { jobs }] = await Promise.all([client.call('workspace.info', {}), client.call('jobs.list', {})]);
      // An event may have arrived while the list was in flight: keep whichever copy is newer, and a job
      // heard of that the list does not hold yet (it started after the list was read).
      set((state) => ({
        info,
        jobs: { ...state.jobs, ...Object.fromEntries(jobs.map((job) => [job.id, newer(state.jobs[job.id], job)])) },
        error: undefined,
      }));
    } catch (error) {
      set({ error: describeError(error) });
    }
  },

  async startVerify() {
    const client = currentClient();
    if (!client) return;
    try {
      await client.call('workspace.verify', {});
    } catch (error) {
      set({ error: describeError(error) });
    }
  },

  async cancelJob(jobId) {
    const client = currentClient();
    if (!client) return;
    try {
      await client.call('jobs.cancel', { jobId });
    } catch (error) {
      set({ error: describeError(error) });
    }
  },

  dismissError() {
    set({ error: undefined });
  },
}));
