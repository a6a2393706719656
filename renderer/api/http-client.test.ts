import { afterEach, describe, expect, it } from 'vitest';
import type { AppEvent, Job } from '../../schemas/jobs.ts';
import type { ConnectionState } from './connection-state.ts';
import { createHttpClient } from './http-client.ts';

/**
 * A stand-in for `lhb serve`'s event stream, as fetch sees it (renderer code may not open
 * sockets; e2e/server-stopped.spec.ts drives the real server): answers `GET /events` for one
 * token, and can stop as a killed server does (open streams break, new requests are refused)
 * and start again.
 */
class EventServer {
  readonly #streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  #up = true;
  #answered = 0;
  /** 'silent-then-hung': the first stream gets its headers and then nothing; later requests get no answer at all. */
  mode: 'normal' | 'silent-then-hung' = 'normal';

  constructor(public token: string) {}

  readonly fetch: typeof fetch = async (input, init) => {
    if (String(input) !== '/events') throw new Error(`unexpected request ${String(input)}`);
    if (!this.#up) throw new TypeError('fetch failed: connect ECONNREFUSED 127.0.0.1');
    const headers = new Headers(init?.headers);
    if (headers.get('Authorization') !== `Bearer ${this.token}`) {
      return new Response('{"error":{"code":"unauthorized","message":"Missing or wrong token."}}', { status: 401 });
    }
    this.#answered++;
    const signal = init?.signal ?? undefined;
    if (this.mode === 'silent-then-hung' && this.#answered > 1) {
      return new Promise<Response>((_resolve, reject) => signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    const streams = this.#streams;
    const encoder = new TextEncoder();
    let self: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        self = controller;
        streams.add(controller);
        if (this.mode === 'normal') controller.enqueue(encoder.encode(': connected\n\n'));
        signal?.addEventListener('abort', () => {
          streams.delete(controller);
          controller.error(new DOMException('aborted', 'AbortError'));
        });
      },
      cancel: () => void streams.delete(self),
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  };

  send(event: AppEvent): void {
    const bytes = new TextEncoder().encode(`data: ${JSON.stringify(event)}\n\n`);
    for (const stream of this.#streams) stream.enqueue(bytes);
  }

  get streams(): number {
    return this.#streams.size;
  }

  /** Stops like a killed process: open streams break, nothing answers. */
  kill(): void {
    this.#up = false;
    for (const stream of this.#streams) stream.error(new TypeError('network error'));
    this.#streams.clear();
  }

  start(): void {
    this.#up = true;
  }

  /** Breaks the open streams, as a dropped socket or a proxy's idle cut does, while the server stays up. */
  breakStreams(): void {
    for (const stream of this.#streams) stream.error(new TypeError('network error'));
    this.#streams.clear();
  }
}

const job = (state: Job['state']): AppEvent => ({
  type: 'job',
  job: { id: 'j1', kind: 'sources.import', title: 'Import', state, done: 1, total: 4, message: 'One of four', createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' },
});

const unsubscribes: (() => void)[] = [];
afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
});

const serve = (token: string) => new EventServer(token);

/** A client as the tab makes it, pointed at the test server, recording what it reports. */
function connect(server: EventServer, token: string, options: Parameters<typeof createHttpClient>[2] = {}) {
  const client = createHttpClient(token, server.fetch, { retryDelaysMs: [20, 50], ...options });
  const states: ConnectionState['kind'][] = [];
  const events: AppEvent[] = [];
  const opens = { count: 0 };
  unsubscribes.push(client.onEvent((event) => events.push(event)));
  unsubscribes.push(client.onConnection((state) => states.push(state.kind)));
  unsubscribes.push(client.onStreamOpen(() => opens.count++));
  return { states, events, opens };
}

describe('createHttpClient: knowing the server is there', () => {
  it('says the connection is lost when the server stops, and connected again when the same server comes back', async () => {
    const server = serve('launch-token');
    const tab = connect(server, 'launch-token');
    await expect.poll(() => server.streams).toBe(1);
    server.send(job('running'));
    await expect.poll(() => tab.events.length).toBe(1);
    expect(tab.states).toEqual(['connected']);
    expect(tab.opens.count, 'the stream opened once').toBe(1);

    server.kill();
    await expect.poll(() => tab.states.at(-1)).toBe('lost');

    server.start(); // same, same token: the same launch is reachable again
    await expect.poll(() => tab.states.at(-1), { timeout: 30_000 }).toBe('connected');
    await expect.poll(() => server.streams).toBe(1);
    server.send(job('succeeded'));
    await expect.poll(() => tab.events.at(-1)).toEqual(job('succeeded'));
    expect(tab.states).toEqual(['connected', 'lost', 'connected']);
    // Events sent while it was gone are not replayed: the tab is told the stream opened again, to ask.
    expect(tab.opens.count).toBe(2);
  });

  it('does not call the server lost when one stream breaks and the next attempt reaches it', async () => {
    const server = serve('launch-token');
    const tab = connect(server, 'launch-token');
    await expect.poll(() => server.streams).toBe(1);
    server.breakStreams();
    await expect.poll(() => server.streams, { timeout: 30_000 }).toBe(1);
    server.send(job('succeeded'));
    await expect.poll(() => tab.events.at(-1)).toEqual(job('succeeded'));
    // The tab was told the stream opened again (to ask for what it missed), but never that the server was gone.
    expect(tab.opens.count).toBe(2);
    expect(tab.states).toEqual(['connected']);
  });

  it('says the token is refused when a new launch, with a new token, answers at the same address', async () => {
    const server = serve('first-launch');
    const tab = connect(server, 'first-launch');
    await expect.poll(() => server.streams).toBe(1);

    server.kill();
    server.token = 'second-launch';
    server.start();
    await expect.poll(() => tab.states.at(-1), { timeout: 30_000 }).toBe('token-rejected');
  });

  it('counts a stream that stays silent past the limit as lost, when the server then does not answer', async () => {
    const server = serve('launch-token');
    server.mode = 'silent-then-hung';
    const tab = connect(server, 'launch-token', { silenceLimitMs: 150, connectTimeoutMs: 150 });
    await expect.poll(() => server.streams).toBe(1);
    await expect.poll(() => tab.states.at(-1), { timeout: 30_000 }).toBe('lost');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(tab.states).toEqual(['connected', 'lost']);
  });
});

describe('a busy workspace', () => {
  const busy = () =>
    new Response(JSON.stringify({ error: { code: 'busy', message: 'The workspace /w is busy, try again: another lhb command was writing to it.' } }), { status: 503 });

  it('sends a call again while the server answers 503 busy, so the user sees the answer, not the lock', async () => {
    const sent: string[] = [];
    let answers = 0;
    const fetchImpl: typeof fetch = async (input, init) => {
      sent.push(`${String(input)} ${String(init?.body)}`);
      return ++answers <= 2 ? busy() : new Response(JSON.stringify({ voteId: 'v1', progress: { done: 1, total: 3 } }), { status: 200 });
    };
    const client = createHttpClient('t', fetchImpl, { busyRetryDelaysMs: [1, 1, 1] });
    await expect(client.call('arena.vote', { token: 'p', choice: 'left', ratingLeft: 3, ratingRight: 4, reason: '', timeOnItemMs: 10 })).resolves.toMatchObject({ voteId: 'v1' });
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(1);
  });

  it('says the workspace is busy when it stays busy past the retries', async () => {
    let answers = 0;
    const client = createHttpClient('t', async () => (answers++, busy()), { busyRetryDelaysMs: [1, 1] });
    await expect(client.call('workspace.info', {})).rejects.toMatchObject({ code: 'busy', message: expect.stringContaining('busy, try again') });
    expect(answers).toBe(3);
  });

  it('says the server failed without saying why in words, not by the name of the method called', async () => {
    const client = createHttpClient('t', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(client.call('workspace.info', {})).rejects.toMatchObject({ code: 'internal', message: 'The server answered 502 to the request.' });
  });
});
