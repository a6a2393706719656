import { RpcErrorBodySchema } from '../../schemas/errors.ts';
import { AppEventSchema, type AppEvent } from '../../schemas/jobs.ts';
import { BlobRefSchema, type BlobRef, type RpcClient, type RpcInput, type RpcMethod, type RpcOutput } from '../../schemas/rpc.ts';
import type { ConnectionState, ConnectionWatch } from './connection-state.ts';
import { createSseParser } from './parse-sse.ts';
import { RpcCallError } from './rpc-call-error.ts';

export interface HttpClientOptions {
  /** Waits between attempts to reach the event stream; the last one repeats while the server is away. */
  retryDelaysMs?: readonly number[];
  /**
   * A stream that carries nothing for this long (not even the server's 15 s heartbeat comment) is
   * dead even if its socket looks open: a server that hangs, or a laptop that lost its network.
   */
  silenceLimitMs?: number;
  /** How long an attempt to open the stream may wait for the server's answer. */
  connectTimeoutMs?: number;
  /** Waits before sending a call again that the server answered 503 "busy" (another writer held the workspace); then the error stands. */
  busyRetryDelaysMs?: readonly number[];
}

const RETRY_DELAYS_MS = [500, 1000, 2000, 5000];
const SILENCE_LIMIT_MS = 45_000;
const CONNECT_TIMEOUT_MS = 10_000;
// The server already waited busy_timeout (5 s) for the lock on each attempt.
const BUSY_RETRY_DELAYS_MS = [300, 1000, 3000];

/** How one attempt at the event stream ended. */
type StreamEnd = 'ended' | 'silent' | 'unreachable' | 'refused';

/**
 * Browser mode: `POST /rpc/<method>` with the launch token; events over an SSE stream. The stream
 * is also how the tab knows the server is still there: when it breaks and the server cannot be
 * reached again, or a server at the address refuses the token (a new launch), onConnection says so;
 * the client keeps trying and says `connected` again if the same server comes back.
 */
export function createHttpClient(token: string, fetchImpl: typeof fetch = fetch.bind(globalThis), options: HttpClientOptions = {}): RpcClient & ConnectionWatch {
  const retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const silenceLimitMs = options.silenceLimitMs ?? SILENCE_LIMIT_MS;
  const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const busyRetryDelaysMs = options.busyRetryDelaysMs ?? BUSY_RETRY_DELAYS_MS;
  const headers = { Authorization: `Bearer ${token}` };
  const listeners = new Set<(event: AppEvent) => void>();
  const connectionListeners = new Set<(state: ConnectionState) => void>();
  const openListeners = new Set<() => void>();
  // The page was just served by this server, so it starts out connected.
  let connection: ConnectionState = { kind: 'connected' };
  let stream: AbortController | undefined;

  function setConnection(kind: ConnectionState['kind']): void {
    if (connection.kind === kind) return;
    connection = kind === 'connected' ? { kind } : { kind, since: new Date().toISOString() };
    for (const listener of connectionListeners) listener(connection);
  }
  /**
   * POSTs and returns the JSON answer, turning error answers into RpcCallError. A "busy" answer
   * stored nothing (the server's write could not get the workspace's lock), so it is sent again.
   */
  async function post(path: string, contentType: string, body: BodyInit, what: string): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await postOnce(path, contentType, body, what);
      } catch (error) {
        const delay = busyRetryDelaysMs[attempt];
        if (!(error instanceof RpcCallError) || error.code !== 'busy' || delay === undefined) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  async function postOnce(path: string, contentType: string, body: BodyInit, what: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchImpl(path, { method: 'POST', headers: { ...headers, 'Content-Type': contentType }, body });
    } catch {
      throw new RpcCallError('network', 'Lost the connection to LH-Bench Studio. Its server runs in a terminal (`npm start` or `lhb serve`): check that it is still running there, then retry.');
    }
    const answer: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const parsed = RpcErrorBodySchema.safeParse(answer);
      if (parsed.success) throw new RpcCallError(parsed.data.error.code, parsed.data.error.message, parsed.data.error.field);
      throw new RpcCallError('internal', `The server answered ${response.status} to ${what}.`);
    }
    return answer;
  }

  async function call<M extends RpcMethod>(method: M, input: RpcInput<M>): Promise<RpcOutput<M>> {
    // A refusal the server could not word names no method: the user sees the app's words, not its wiring.
    return (await post(`/rpc/${method}`, 'application/json', JSON.stringify(input), 'the request')) as RpcOutput<M>;
  }

  async function putBlob(bytes: ArrayBuffer): Promise<BlobRef> {
    return BlobRefSchema.parse(await post('/blobs', 'application/octet-stream', bytes, 'the upload'));
  }

  /** Keeps the event stream open while anyone listens, reconnecting with back-off. */
  async function readEvents(signal: AbortSignal): Promise<void> {
    for (let attempt = 0; !signal.aborted; ) {
      const end = await readStreamOnce(signal);
      if (signal.aborted) return;
      if (end === 'ended') {
        // The stream closed after working: ask again soon, and only call the server lost if that fails.
        attempt = 0;
      } else if (end === 'refused') {
        setConnection('token-rejected');
      } else if (attempt > 0 || connection.kind !== 'connected') {
        // Lost only when trying again failed too: one stream that broke or answered late on a busy
        // machine (a missed heartbeat, a slow reconnect) is not a server gone, and the banner would
        // tell the user so for nothing.
        setConnection('lost');
      }
      await sleep(retryDelaysMs[Math.min(attempt, retryDelaysMs.length - 1)] ?? 5000, signal);
      if (end !== 'ended') attempt++;
    }
  }

  async function readStreamOnce(signal: AbortSignal): Promise<StreamEnd> {
    const attempt = new AbortController();
    const stop = () => attempt.abort();
    signal.addEventListener('abort', stop);
    let silent = false;
    let watchdog: ReturnType<typeof setInterval> | undefined;
    try {
      const connectTimer = setTimeout(stop, connectTimeoutMs);
      let response: Response;
      try {
        response = await fetchImpl('/events', { headers, signal: attempt.signal });
      } finally {
        clearTimeout(connectTimer);
      }
      if (response.status === 401) return 'refused';
      if (!response.ok || !response.body) return 'unreachable';
      setConnection('connected');
      // The server follows jobs for this stream from its first byte: what happened before is asked for again.
      for (const listener of openListeners) listener();
      let heard = Date.now();
      watchdog = setInterval(
        () => {
          if (Date.now() - heard <= silenceLimitMs) return;
          silent = true;
          stop();
        },
        Math.max(10, Math.min(5000, silenceLimitMs / 3)),
      );
      const parse = createSseParser((data) => {
        const event = AppEventSchema.safeParse(parseJson(data));
        if (event.success) for (const listener of listeners) listener(event.data);
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'ended';
        heard = Date.now();
        parse(value);
      }
    } catch {
      // A refused connection, a dropped stream or our own abort (silence, timeout, unsubscribe).
      return silent ? 'silent' : 'unreachable';
    } finally {
      clearInterval(watchdog);
      signal.removeEventListener('abort', stop);
    }
  }

  function ensureStream(): void {
    if (stream) return;
    stream = new AbortController();
    void readEvents(stream.signal);
  }

  function releaseStream(): void {
    if (listeners.size > 0 || connectionListeners.size > 0 || openListeners.size > 0) return;
    stream?.abort();
    stream = undefined;
  }

  return {
    call,
    putBlob,
    onEvent(listener) {
      listeners.add(listener);
      ensureStream();
      return () => {
        listeners.delete(listener);
        releaseStream();
      };
    },
    onConnection(listener) {
      connectionListeners.add(listener);
      listener(connection);
      ensureStream();
      return () => {
        connectionListeners.delete(listener);
        releaseStream();
      };
    },
    onStreamOpen(listener) {
      openListeners.add(listener);
      ensureStream();
      return () => {
        openListeners.delete(listener);
        releaseStream();
      };
    },
  };
}

/** An event that is not JSON is skipped like any event that does not match the schema. */
function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
