import { afterEach, describe, expect, it } from 'vitest';
import type { AppEvent, Job } from '../../schemas/jobs.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import type { ConnectionState, ConnectionWatch } from '../api/connection-state.ts';
import { useAppStore } from './app-store.ts';

const job = (state: Job['state'], updatedAt: string): Job => ({ id: 'j1', kind: 'sources.import', title: 'Import', state, done: 1, total: 4, message: state, createdAt: '2025-01-01T00:00:00.000Z', updatedAt });

/** A client whose server the test controls: what jobs.list answers, and the connection it reports. */
function fakeClient(listed: () => Job[], watch: boolean) {
  let report: (state: ConnectionState) => void = () => {};
  let emit: (event: AppEvent) => void = () => {};
  let lists = 0;
  const client: RpcClient & Partial<ConnectionWatch> = {
    call: (async (method: string) => {
      if (method === 'jobs.list') {
        lists++;
        return { jobs: listed() };
      }
      if (method === 'workspace.info') return { project: { name: 'Test' } };
      throw new Error(`unexpected ${method}`);
    }) as RpcClient['call'],
    putBlob: async () => ({ sha256: 'a'.repeat(64), sizeBytes: 0 }),
    onEvent: (listener) => {
      emit = listener;
      return () => {};
    },
    ...(watch
      ? {
          onConnection: (listener: (state: ConnectionState) => void) => {
            report = listener;
            listener({ kind: 'connected' });
            return () => {};
          },
        }
      : {}),
  };
  return { client, report: (state: ConnectionState) => report(state), emit: (event: AppEvent) => emit(event), lists: () => lists };
}

let disconnect: (() => void) | undefined;
afterEach(() => {
  disconnect?.();
  useAppStore.setState({ jobs: {}, connection: { kind: 'connected' }, error: undefined });
});

describe('app store: the connection to the server', () => {
  it('follows the connection, and on reconnecting asks for the jobs again instead of trusting what it last heard', async () => {
    let serverJobs = [job('running', '2025-01-01T00:00:01.000Z')];
    const fake = fakeClient(() => serverJobs, true);
    disconnect = useAppStore.getState().connect(fake.client);
    await expect.poll(() => useAppStore.getState().jobs.j1?.state).toBe('running');

    fake.report({ kind: 'lost', since: '2025-01-01T00:00:02.000Z' });
    expect(useAppStore.getState().connection).toEqual({ kind: 'lost', since: '2025-01-01T00:00:02.000Z' });

    serverJobs = [job('succeeded', '2025-01-01T00:00:03.000Z')];
    const listsBefore = fake.lists();
    fake.report({ kind: 'connected' });
    expect(useAppStore.getState().connection.kind).toBe('connected');
    await expect.poll(() => useAppStore.getState().jobs.j1?.state).toBe('succeeded');
    expect(fake.lists()).toBe(listsBefore + 1);
  });

  it('stays connected with a client that has no connection to lose (Electron)', async () => {
    const fake = fakeClient(() => [job('running', '2025-01-01T00:00:01.000Z')], false);
    disconnect = useAppStore.getState().connect(fake.client);
    await expect.poll(() => useAppStore.getState().jobs.j1?.state).toBe('running');
    expect(useAppStore.getState().connection.kind).toBe('connected');
  });
});
