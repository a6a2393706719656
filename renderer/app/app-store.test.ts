import { afterEach, describe, expect, it } from 'vitest';
import type { AppEvent, Job } from '../../schemas/jobs.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import type { ConnectionState, ConnectionWatch } from '../api/connection-state.ts';
import { useAppStore } from './app-store.ts';

const job = (state: Job['state'], updatedAt: string): Job => ({ id: 'j1', kind: 'sources.import', title: 'Import', state, done: 1, total: 4, message: state, createdAt: '2025-01-01T00:00:00.000Z', updatedAt });

/**
 * A client whose server the test controls: what jobs.list answers (and, with `hold`, when), the
 * connection it reports, and when its event stream opens.
 */
function fakeClient(listed: () => Job[], watch: boolean) {
  let report: (state: ConnectionState) => void = () => {};
  let emit: (event: AppEvent) => void = () => {};
  let open: () => void = () => {};
  let lists = 0;
  let held: Promise<void> | undefined;
  const client: RpcClient & Partial<ConnectionWatch> = {
    call: (async (method: string) => {
      if (method === 'jobs.list') {
        lists++;
        const jobs = listed();
        await held;
        return { jobs };
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
          onStreamOpen: (listener: () => void) => {
            open = listener;
            return () => {};
          },
        }
      : {}),
  };
  return {
    client,
    report: (state: ConnectionState) => report(state),
    emit: (event: AppEvent) => emit(event),
    /** The event stream opens (again): the server forwards events from here on. */
    open: () => open(),
    lists: () => lists,
    /** Answers jobs.list only once the returned function is called. */
    hold: () => {
      let release = () => {};
      held = new Promise((resolve) => (release = resolve));
      return () => {
        held = undefined;
        release();
      };
    },
  };
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
    fake.open();
    expect(useAppStore.getState().connection.kind).toBe('connected');
    await expect.poll(() => useAppStore.getState().jobs.j1?.state).toBe('succeeded');
    expect(fake.lists()).toBe(listsBefore + 1);
  });

  it('shows a job that started and finished after the first list but before the event stream opened', async () => {
    let serverJobs: Job[] = [];
    const fake = fakeClient(() => serverJobs, true);
    disconnect = useAppStore.getState().connect(fake.client);
    await expect.poll(() => fake.lists()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(useAppStore.getState().jobs).toEqual({});

    // No event was heard for it: the stream was not open yet.
    serverJobs = [job('succeeded', '2025-01-01T00:00:01.000Z')];
    fake.open();
    await expect.poll(() => useAppStore.getState().jobs.j1?.state).toBe('succeeded');
  });

  it('keeps a job heard of while the list was in flight, though the list was read before it started', async () => {
    const fake = fakeClient(() => [], true);
    const release = fake.hold();
    disconnect = useAppStore.getState().connect(fake.client);
    await expect.poll(() => fake.lists()).toBe(1);
    fake.emit({ type: 'job', job: job('running', '2025-01-01T00:00:01.000Z') });
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(useAppStore.getState().jobs.j1?.state).toBe('running');
  });

  it('stays connected with a client that has no connection to lose (Electron)', async () => {
    const fake = fakeClient(() => [job('running', '2025-01-01T00:00:01.000Z')], false);
    disconnect = useAppStore.getState().connect(fake.client);
    await expect.poll(() => useAppStore.getState().jobs.j1?.state).toBe('running');
    expect(useAppStore.getState().connection.kind).toBe('connected');
  });
});
