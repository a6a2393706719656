import { RpcErrorBodySchema } from '../../schemas/errors.ts';
import { AppEventSchema, type AppEvent } from '../../schemas/jobs.ts';
import type { RpcClient, RpcInput, RpcMethod, RpcOutput } from '../../schemas/rpc.ts';
import { createSseParser } from './parse-sse.ts';
import { RpcCallError } from './rpc-call-error.ts';

const RECONNECT_DELAYS_MS = [500, 1000, 2000, 5000];

/** Browser mode: `POST /rpc/<method>` with the launch token; events over an SSE stream. */
export function createHttpClient(token: string, fetchImpl: typeof fetch = fetch.bind(globalThis)): RpcClient {
  const headers = { Authorization: `Bearer ${token}` };
  const listeners = new Set<(event: AppEvent) => void>();
  let stream: AbortController | undefined;

  async function call<M extends RpcMethod>(method: M, input: RpcInput<M>): Promise<RpcOutput<M>> {
    let response: Response;
    try {
      response = await fetchImpl(`/rpc/${method}`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      });
    } catch {
      throw new RpcCallError('network', 'Lost the connection to LH-Bench Studio. Check that "lhb serve" is still running, then retry.');
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const parsed = RpcErrorBodySchema.safeParse(body);
      if (parsed.success) throw new RpcCallError(parsed.data.error.code, parsed.data.error.message);
      throw new RpcCallError('internal', `The server answered ${response.status} to ${method}.`);
    }
    return body as RpcOutput<M>;
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
