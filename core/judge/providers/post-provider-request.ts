import { redactApiKey } from './api-key.ts';
import { ProviderError, type ProviderErrorKind } from './judge-provider.ts';
import { retryAfterMsFrom } from './retry-after.ts';

/** One POST to a provider's API, described without the key appearing anywhere but its header. */
export interface ProviderPost {
  /** Who is asking, for messages: `Judge "gpt" (openai, gpt-4o)`. */
  label: string;
  /** The model asked for, and the variable the key came from, for advice in messages. */
  model: string;
  apiKeyEnv: string | null;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal;
  /** Redacted from every message. */
  apiKey: string | null;
}

export interface ProviderReply {
  status: number;
  headers: Headers;
  body: unknown;
}

/** API messages can be long (a whole HTML error page); this much is enough to act on. */
const MAX_QUOTED_CHARS = 500;

/**
 * Sends the request and returns a 2xx reply's JSON. Everything else becomes a ProviderError
 * whose kind decides retrying and whose message names the judge, the HTTP status and the API's
 * own error message, never the key. A request aborted by its signal rejects with the signal's
 * reason unchanged, so a cancel stays a cancel and withTimeout can tell a timeout apart.
 */
export async function postProviderRequest(post: ProviderPost): Promise<ProviderReply> {
  const where = describeUrl(post.url);
  let response: Response;
  let text: string;
  try {
    response = await fetch(post.url, { method: 'POST', headers: { 'content-type': 'application/json', ...post.headers }, body: JSON.stringify(post.body), signal: post.signal });
    text = await response.text();
  } catch (error) {
    if (post.signal.aborted) throw post.signal.reason;
    throw new ProviderError(
      'network',
      redactApiKey(`${post.label}: the connection to ${where} failed (${describeNetworkFailure(error)}). The server may be down, restarting or unreachable; check the judge's baseUrl if this persists.`, post.apiKey),
      { cause: error },
    );
  }

  let body: unknown;
  let isJson = true;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    isJson = false;
  }

  if (!response.ok) throw httpError(post, where, response, isJson ? body : undefined, text);
  if (!isJson || body === null || typeof body !== 'object') {
    throw new ProviderError(
      'server',
      redactApiKey(
        `${post.label}: HTTP ${response.status} from ${where}, but the body is not a JSON object (${quote(text) || 'empty'}). A proxy or gateway may have answered instead of the API, or the judge's baseUrl points at something else.`,
        post.apiKey,
      ),
      { status: response.status },
    );
  }
  // A model or gateway may echo the key back inside an answer (a prompt injection in a judged run
  // can ask for it); nothing of a reply is stored or shown with it in.
  return { status: response.status, headers: response.headers, body: redactKeyInJson(body, post.apiKey) };
}

/** Every string in a parsed reply with the key removed; keys of objects too. */
function redactKeyInJson(value: unknown, key: string | null): unknown {
  if (!key) return value;
  if (typeof value === 'string') return redactApiKey(value, key);
  if (Array.isArray(value)) return value.map((item) => redactKeyInJson(item, key));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, item]) => [redactApiKey(name, key), redactKeyInJson(item, key)]));
  return value;
}

function httpError(post: ProviderPost, where: string, response: Response, body: unknown, text: string): ProviderError {
  const status = response.status;
  const kind = kindOfHttpError(status, body);
  const retryAfterMs = retryAfterMsFrom(response.headers, body);
  const apiMessage = apiErrorMessage(body) ?? (quote(text) || null);
  const said = apiMessage ? `: "${apiMessage}"` : ' with no error message';
  const message = `${post.label}: HTTP ${status} from ${where}${said}. ${advice(kind, post, retryAfterMs)}`;
  return new ProviderError(kind, redactApiKey(message, post.apiKey), { status, retryAfterMs, errorBody: redactKeyInJson(body ?? null, post.apiKey) });
}

function kindOfHttpError(status: number, body: unknown): ProviderErrorKind {
  const error = (body as { error?: { code?: unknown; details?: unknown } } | null)?.error;
  // Gemini answers a bad key with 400 INVALID_ARGUMENT whose detail's reason is API_KEY_INVALID.
  if (status === 400 && Array.isArray(error?.details) && (error.details as unknown[]).some((d) => (d as { reason?: unknown } | null)?.reason === 'API_KEY_INVALID')) return 'auth';
  // Azure-style gateways refuse filtered prompts with 400 and code content_filter.
  if (status === 400 && error?.code === 'content_filter') return 'refused';
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not-found';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate-limit';
  if (status >= 500) return 'server';
  return 'bad-request';
}

function advice(kind: ProviderErrorKind, post: ProviderPost, retryAfterMs: number | null): string {
  switch (kind) {
    case 'auth':
      return post.apiKeyEnv
        ? `The API refused the key from ${post.apiKeyEnv}: check that it is valid and may use model "${post.model}".`
        : `The API wants a key: set apiKeyEnv on this judge to the name of the environment variable that holds it.`;
    case 'not-found':
      return `The API does not know model "${post.model}" or this path: check the judge's model name and baseUrl.`;
    case 'rate-limit':
      return retryAfterMs !== null ? `The API is rate limiting and asked to wait ${formatSeconds(retryAfterMs)}.` : 'The API is rate limiting and did not say for how long.';
    case 'server':
      return "The provider's server failed; this is usually temporary.";
    case 'timeout':
      return 'The server gave up waiting for the request.';
    case 'refused':
      return "The API's content filter refused the request.";
    case 'bad-request':
      return 'The API refused the request as sent; retrying it unchanged will not help.';
    case 'network':
      return 'The connection failed.';
  }
}

/** The message an API puts in its error body: OpenAI, Anthropic and Gemini use error.message; gateways vary. */
export function apiErrorMessage(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null;
  const record = body as { error?: unknown; message?: unknown; detail?: unknown };
  const error = record.error;
  if (error !== null && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') return quote((error as { message: string }).message);
  if (typeof error === 'string') return quote(error);
  if (typeof record.message === 'string') return quote(record.message);
  if (typeof record.detail === 'string') return quote(record.detail);
  return null;
}

function describeNetworkFailure(error: unknown): string {
  const seen: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    const text = typeof code === 'string' && !current.message.includes(code) ? `${code}: ${current.message}` : current.message;
    if (text && !seen.includes(text)) seen.push(text);
    current = current.cause;
  }
  return seen.join(' ← ') || 'unknown error';
}

/** Origin and path only: no user info or query string can carry a secret into a message. */
function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

function quote(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_QUOTED_CHARS ? `${oneLine.slice(0, MAX_QUOTED_CHARS)}…` : oneLine;
}

function formatSeconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}
