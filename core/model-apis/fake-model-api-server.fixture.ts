import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { readCappedBody } from '../read-capped-body.ts';
import { closeServer, listenOnLoopback } from './loopback-server.ts';
import { sendAnswer as send, type ModelApiAnswer } from './model-api-answer.ts';

/**
 * A local model API for tests and benchmarks, on 127.0.0.1 and a free port. Each wire format
 * (each API folder's fake-*-server, writing replies with that folder's server code) decodes requests as strictly
 * as the real API (a request the API would refuse gets that API's 4xx, and is listed in
 * `rejected`) and writes replies in its own shape. What it answers is scripted: `replies` in
 * order, then `respond` for every request after them (an engine test can answer from the
 * prompt it was sent), and faults can be injected anywhere in the script.
 */

/** What a test scripts for one request. `delayMs` waits before answering (the slow API). */
export type FakeReply = (
  | {
      type: 'text';
      text: string;
      /** `output` counts the answer only; thinking tokens are added the way each API reports them. */
      usage?: { input: number; output: number };
      model?: string;
      stopReason?: string;
      /** A reasoning model's thinking before the answer: vLLM's reasoning_content, an Anthropic thinking block, a Gemini thought part. */
      thinking?: { text: string; tokens: number };
    }
  /** 429 in the API's shape, with `Retry-After: <retryAfter>` when given (seconds or an HTTP date); Gemini also puts `geminiRetryDelay` ("2s") in a RetryInfo detail. */
  | { type: 'rate-limit'; retryAfter?: string; geminiRetryDelay?: string }
  /** Any HTTP error in the API's own error shape (500, 503, 529, 400, 401, 404, …). */
  | { type: 'error'; status: number; message: string; headers?: Record<string, string> }
  /** The API's way of declining: OpenAI's refusal field, Anthropic's stop_reason refusal, Gemini's SAFETY candidate. */
  | { type: 'refusal' }
  /** Reads the request and never answers; the connection stays open until the client gives up or the server closes. */
  | { type: 'hang' }
  /** Reads the request and destroys the socket without a response (a dropped connection). */
  | { type: 'drop' }
  /** 200 with an HTML body, as a proxy or a wrong base URL gives. */
  | { type: 'not-json'; body?: string }
) & { delayMs?: number };

export type FakeImage = { type: 'image'; mediaType: string; data: Buffer };
export type FakeContentPart = { type: 'text'; text: string } | FakeImage;

/** A request decoded from its wire format into one shape for every API. */
export interface FakePrompt {
  model: string;
  system: string;
  turns: { role: 'user' | 'assistant'; content: FakeContentPart[] }[];
  /** The reply's token limit as sent; null when the request set none. */
  maxOutputTokens: number | null;
  /** All text of the turns, joined: what an engine test reads rubric names from. */
  text: string;
  images: FakeImage[];
}

export interface FakeRequest {
  /** 0 for the first well-formed request, counting only those. */
  index: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  prompt: FakePrompt;
}

export interface RejectedRequest {
  path: string;
  status: number;
  message: string;
}

export type FakeResponder = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface FakeProviderServerOptions {
  replies?: FakeReply[];
  /** Answers every request once `replies` is used up. Without it, an unscripted request gets a 400 saying so. */
  respond?: FakeResponder;
  /** When set, requests must carry this key the way the API expects, or get the API's auth error. */
  apiKey?: string;
  /**
   * Keep each request in `requests` (default true). A benchmark sending thousands of requests
   * with images turns it off, so the fake's memory does not grow with every request.
   */
  record?: boolean;
}

export interface FakeProviderServer {
  /** What a JudgeConfig's baseUrl should be for this server. */
  readonly baseUrl: string;
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  /** Well-formed requests, in arrival order (none kept when `record` is false). */
  readonly requests: FakeRequest[];
  /** Requests refused for their shape, headers or key, with the message the API gave. */
  readonly rejected: RejectedRequest[];
  /** Every HTTP request that arrived, whatever became of it. */
  readonly requestCount: number;
  readonly inFlight: number;
  /** The most requests ever answered at once: what a concurrency limit test reads. */
  readonly maxInFlight: number;
  enqueue(...replies: FakeReply[]): void;
  close(): Promise<void>;
}

/** An HTTP answer a wire format composes: status, JSON body, extra headers. */
export type FakeAnswer = ModelApiAnswer;

/** What a wire format supplies: its routes and request rules, and its reply and error shapes. */
export interface FakeWireFormat {
  name: string;
  baseUrl(origin: string): string;
  /** Decodes a request, or says how the real API would refuse it. */
  decode(request: { method: string; path: string; headers: IncomingHttpHeaders; body: unknown }, apiKey: string | undefined): { prompt: FakePrompt } | { refuse: FakeAnswer; message: string };
  text(reply: Extract<FakeReply, { type: 'text' }>, prompt: FakePrompt, id: string): FakeAnswer;
  refusal(prompt: FakePrompt, id: string): FakeAnswer;
  error(status: number, message: string, options?: { geminiRetryDelay?: string }): FakeAnswer;
}

const MAX_BODY_BYTES = 64 * 1024 * 1024;

const DEFAULT_NOT_JSON = '<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>nginx</p></body></html>';

export async function startFakeProviderServer(format: FakeWireFormat, options: FakeProviderServerOptions = {}): Promise<FakeProviderServer> {
  const script: FakeReply[] = [...(options.replies ?? [])];
  const requests: FakeRequest[] = [];
  const rejected: RejectedRequest[] = [];
  let requestCount = 0;
  let wellFormed = 0;
  let inFlight = 0;
  let maxInFlight = 0;

  const server = createServer((req, res) => {
    requestCount++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, format.error(500, `fake ${format.name} server failed: ${(error as Error).message}`));
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const method = req.method ?? 'GET';
    const raw = await readCappedBody(req, MAX_BODY_BYTES);
    let body: unknown;
    try {
      body = raw.length === 0 ? undefined : (JSON.parse(raw.toString('utf8')) as unknown);
    } catch {
      reject(res, path, format.error(400, 'The request body is not valid JSON.'), 'The request body is not valid JSON.');
      return;
    }
    const decoded = format.decode({ method, path, headers: req.headers, body }, options.apiKey);
    if ('refuse' in decoded) {
      reject(res, path, decoded.refuse, decoded.message);
      return;
    }
    const request: FakeRequest = { index: wellFormed++, method, path, headers: req.headers, body, prompt: decoded.prompt };
    if (options.record !== false) requests.push(request);
    const reply = script.shift() ?? (options.respond ? await options.respond(request) : undefined);
    if (!reply) {
      const message = `fake ${format.name} server: no scripted reply for request #${request.index} and no respond function.`;
      send(res, format.error(400, message));
      return;
    }
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    const id = `fake-${request.index}`;
    switch (reply.type) {
      case 'text':
        send(res, format.text(reply, decoded.prompt, id));
        return;
      case 'refusal':
        send(res, format.refusal(decoded.prompt, id));
        return;
      case 'rate-limit': {
        const answer = format.error(429, 'Rate limit exceeded: too many requests for this key. Please retry later.', { geminiRetryDelay: reply.geminiRetryDelay });
        send(res, { ...answer, headers: { ...answer.headers, ...(reply.retryAfter !== undefined ? { 'retry-after': reply.retryAfter } : {}) } });
        return;
      }
      case 'error': {
        const answer = format.error(reply.status, reply.message);
        send(res, { ...answer, headers: { ...answer.headers, ...reply.headers } });
        return;
      }
      case 'hang':
        // Answer nothing; closing the server (or the client giving up) ends the connection.
        return;
      case 'drop':
        req.socket.destroy();
        return;
      case 'not-json': {
        const html = reply.body ?? DEFAULT_NOT_JSON;
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(html) });
        res.end(html);
        return;
      }
    }
  }

  function reject(res: ServerResponse, path: string, answer: FakeAnswer, message: string): void {
    rejected.push({ path, status: answer.status, message });
    send(res, answer);
  }

  const origin = await listenOnLoopback(server);

  return {
    baseUrl: format.baseUrl(origin),
    origin,
    requests,
    rejected,
    get requestCount() {
      return requestCount;
    },
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    enqueue: (...replies) => void script.push(...replies),
    close: () => closeServer(server),
  };
}

/** A rough token count (4 characters a token, a flat 85 an image) for replies that script none. */
export function estimatedUsage(prompt: FakePrompt, reply: string): { input: number; output: number } {
  return { input: Math.ceil((prompt.system.length + prompt.text.length) / 4) + 85 * prompt.images.length, output: Math.max(1, Math.ceil(reply.length / 4)) };
}

/** Strict standard base64 (what all three APIs require for image data). */
export function decodeBase64(data: unknown): Buffer | null {
  if (typeof data !== 'string' || data.length === 0 || data.length % 4 !== 0) return null;
  // Node's decoder skips what is not base64; re-encoding and comparing is the strict check, and
  // (native both ways) far cheaper than a regular expression over a megabyte image.
  const bytes = Buffer.from(data, 'base64');
  return bytes.toString('base64') === data ? bytes : null;
}

/** A refusal in the API's own error shape, recorded with its message. */
export function refuseWith(format: Pick<FakeWireFormat, 'error'>, status: number, message: string): { refuse: FakeAnswer; message: string } {
  return { refuse: format.error(status, message), message };
}

/** Joins turns' text and collects their images, for FakePrompt. */
export function promptOf(model: string, system: string, turns: FakePrompt['turns'], maxOutputTokens: number | null): FakePrompt {
  const parts = turns.flatMap((turn) => turn.content);
  return {
    model,
    system,
    turns,
    maxOutputTokens,
    text: parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n'),
    images: parts.filter((part): part is FakeImage => part.type === 'image'),
  };
}
