import { RpcErrorBodySchema } from '../../schemas/errors.ts';
import { AppEventSchema, type AppEvent } from '../../schemas/jobs.ts';
import { BlobRefSchema, type BlobRef, type RpcClient, type RpcInput, type RpcMethod, type RpcOutput } from '../../schemas/rpc.ts';
import { createSseParser } from './parse-sse.ts';
import { RpcCallError } from './rpc-call-error.ts';

const RECONNECT_DELAYS_MS = [500, 1000, 2000, 5000];

/** Browser mode: `POST /rpc/<method>` with the launch token; events over an SSE stream. */
export function createHttpClient(token: string, fetchImpl: typeof fetch = fetch.bind(globalThis)): RpcClient {
  const headers = { Authorization: `Bearer ${token}` };
  const listeners = new Set<(event: AppEvent) => void>();
  let stream: AbortController | undefined;

  /** POSTs and returns the JSON answer, turning error answers into RpcCallError. */
  async function post(path: string, contentType: string, body: BodyInit, what: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchImpl(path, { method: 'POST', headers: { ...headers, 'Content-Type': contentType }, body });
    } catch {
      throw new RpcCallError('network', 'Lost the connection to LH-Bench Studio. Check that "lhb serve" is still running, then retry.');
    }
    const answer: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const parsed = RpcErrorBodySchema.safeParse(answer);
      if (parsed.success) throw new RpcCallError(parsed.data.error.code, parsed.data.error.message);
      throw new RpcCallError('internal', `The server answered ${response.status} to ${what}.`);
    }
    return answer;
  }

  async function call<M extends RpcMethod>(method: M, input: RpcInput<M>): Promise<RpcOutput<M>> {
    return (await post(`/rpc/${method}`, 'application/json', JSON.stringify(input), method)) as RpcOutput<M>;
  }

  async function putBlob(bytes: ArrayBuffer): Promise<BlobRef> {
    return BlobRefSchema.parse(await post('/blobs', 'application/octet-stream', bytes, 'the upload'));
  }

  async function readEvents(signal: AbortSignal): Promise<void> {
    for (let attempt = 0; !signal.aborted; attempt++) {
      try {
        const response = await fetchImpl('/events', { headers, signal });
        if (response.ok && response.body) {
          attempt = 0;
          const parse = createSseParser((data) => {
            const event = AppEventSchema.safeParse(JSON.parse(data));
            if (event.success) for (const listener of listeners) listener(event.data);
          });
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            parse(value);
          }
        }
      } catch {
        // Dropped stream or server restart: fall through to the back-off and reconnect.
      }
      if (signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]));
    }
  }

  return {
    call,
    putBlob,
    onEvent(listener) {
      listeners.add(listener);
      if (!stream) {
        stream = new AbortController();
        void readEvents(stream.signal);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stream?.abort();
          stream = undefined;
        }
      };
    },
  };
}
