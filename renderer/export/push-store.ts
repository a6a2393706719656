import { create } from 'zustand';
import type { HubPushResult, HubPushSettings } from '../../schemas/hub-push.ts';
import type { Job } from '../../schemas/jobs.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { followStartedJob } from '../app/follow-started-job.ts';
import { describeError } from '../api/describe-error.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';

export type PushPhase = 'idle' | 'starting' | 'pushing' | 'succeeded' | 'failed' | 'cancelled';

/** Where a push's problem is shown: beside a field, at the token or Hub address note, or under the button. */
export type PushProblemPlace = 'repo' | 'revision' | 'token' | 'hubUrl' | 'form';
const PLACES: readonly string[] = ['repo', 'revision', 'token', 'hubUrl'];
const placeOf = (field: string | undefined): PushProblemPlace => (field !== undefined && PLACES.includes(field) ? (field as PushProblemPlace) : 'form');

export interface PushState {
  client?: RpcClient;
  /** Where the server pushes and whence its token; undefined until read (or when it could not be). */
  settings?: HubPushSettings;
  repo: string;
  revision: string;
  private: boolean;
  phase: PushPhase;
  jobId?: string;
  /** The dataset's page on the Hub, known once the push has started. */
  datasetUrl?: string;
  done: number;
  total: number;
  message: string;
  result?: HubPushResult;
  /** Why the push was refused or failed, placed where it concerns (cleared when that field is edited). */
  problems: Partial<Record<PushProblemPlace, string>>;
  exportJobId?: string;
  connect(client: RpcClient): () => void;
  /** The export whose folder the form pushes: a new one clears what the last push said (the fields stay as typed). */
  showExport(exportJobId: string): void;
  setRepo(repo: string): void;
  setRevision(revision: string): void;
  setPrivate(on: boolean): void;
  /** Pushes the folder the export job `exportJobId` wrote. */
  start(exportJobId: string): Promise<void>;
  cancel(): Promise<void>;
  jobChanged(job: Job): void;
}

/**
 * The Export screen's "Push to the Hub": the repository, branch and visibility as typed, the push
 * job's progress, and where each refusal belongs. The server decides the Hub's address and the
 * token; the screen only names the export job whose folder to send.
 */
export function createPushStore() {
  return create<PushState>()((set, get) => {
    const follow = followStartedJob({
      kind: 'export.push',
      follows: (jobId) => jobId === get().jobId,
      progressed: (job) => set({ done: job.done, total: job.total, message: job.message }),
      async ended(job) {
        const ended = { done: job.done, total: job.total, message: job.message };
        if (job.state === 'cancelled') return set({ phase: 'cancelled', ...ended });
        const client = get().client;
        const outcome = client ? await client.call('export.pushResult', { jobId: job.id }).catch(() => undefined) : undefined;
        if (job.state === 'succeeded') return set({ phase: 'succeeded', ...ended, ...(outcome?.result ? { result: outcome.result } : {}) });
        const problem = outcome?.problem;
        set({ phase: 'failed', ...ended, message: '', problems: { [placeOf(problem?.field)]: problem?.message ?? job.message } });
      },
    });
    // Unread, the form still pushes: its refusal says what is missing.
    const readSettings = (client: RpcClient) => void client.call('export.pushSettings', {}).then((settings) => set({ settings }), () => undefined);
    const clearProblem = (place: PushProblemPlace) => set((state) => ({ problems: { ...state.problems, [place]: undefined, form: undefined } }));

    return {
      repo: '',
      revision: '',
      private: false,
      phase: 'idle',
      done: 0,
      total: 0,
      message: '',
      problems: {},

      connect(client) {
        set({ client });
        readSettings(client);
        return client.onEvent((event) => {
          if (event.type === 'job') get().jobChanged(event.job);
        });
      },
      showExport(exportJobId) {
        const { phase } = get();
        if (exportJobId === get().exportJobId || phase === 'starting' || phase === 'pushing') return;
        set({ exportJobId, phase: 'idle', message: '', result: undefined, datasetUrl: undefined, problems: {}, done: 0, total: 0, jobId: undefined });
      },
      setRepo(repo) {
        set({ repo });
        clearProblem('repo');
      },
      setRevision(revision) {
        set({ revision });
        clearProblem('revision');
      },
      setPrivate: (on) => set({ private: on }),

      async start(exportJobId) {
        const { client, repo, revision, phase } = get();
        if (!client || phase === 'starting' || phase === 'pushing') return;
        if (repo.trim() === '') return set({ phase: 'failed', message: '', problems: { repo: 'Type the dataset repository as owner/name, e.g. your-name/agent-runs. Nothing was sent.' } });
        set({ phase: 'starting', message: 'Starting the push…', problems: {}, result: undefined, datasetUrl: undefined, done: 0, total: 0, jobId: undefined });
        try {
          const started = await client.call('export.push', { exportJobId, repo: repo.trim(), private: get().private, ...(revision.trim() ? { revision: revision.trim() } : {}) });
          set({ jobId: started.jobId, datasetUrl: started.datasetUrl, phase: 'pushing' });
          await follow.started(started.jobId);
        } catch (error) {
          const place = placeOf(error instanceof RpcCallError ? error.field : undefined);
          set({ phase: 'failed', message: '', problems: { [place]: describeError(error) } });
          // The token may have come or gone since the screen opened (a login on the server): the note says what holds now.
          if (place === 'token') readSettings(client);
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

export const usePushStore = createPushStore();
