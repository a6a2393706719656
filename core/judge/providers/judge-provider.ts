import { LhbError } from '../../../schemas/lhb-error.ts';
import type { PromptPart, PromptTurn } from '../../model-apis/model-api-client.ts';

/**
 * What the judge engine asks of a model API, whichever wire format it speaks: a conversation of
 * text and images in, the reply's text and token usage out. Providers turn this into OpenAI Chat
 * Completions, Anthropic Messages or Gemini generateContent requests, and their failures into
 * ProviderError kinds the engine retries (or not) by.
 */

export type JudgeContentPart = PromptPart;

export type JudgeTurn = PromptTurn;

export interface JudgeCompletionRequest {
  system: string;
  /** The prompt, and for a repair request the judge's earlier reply and the error it must fix. */
  turns: JudgeTurn[];
  maxOutputTokens: number;
  /** Aborts the request (cancel, or the engine's per-request timeout). */
  signal: AbortSignal;
}

export interface JudgeCompletion {
  text: string;
  usage: { input: number; output: number };
  /** The model the API says answered (may differ from the one asked for, e.g. a dated snapshot). */
  model: string | null;
  /** Why the model stopped, in the API's own words (`stop`, `end_turn`, `STOP`; `length`, `max_tokens`, `MAX_TOKENS` mean the reply was cut short). */
  stopReason?: string | null;
  /** Requests it took, retries included (set by withRetries; a bare provider makes one). */
  attempts?: number;
}

/** Why a request failed, which decides whether it is retried: rate limits, server errors and dropped connections are. */
export type ProviderErrorKind = 'rate-limit' | 'server' | 'network' | 'timeout' | 'auth' | 'bad-request' | 'not-found' | 'refused';

/** A judge provider's failure; before a job starts it refuses the request (`bad_request`), inside one it is stored with the reply. */
export class ProviderError extends LhbError {
  override name = 'ProviderError';
  readonly kind: ProviderErrorKind;
  readonly status: number | null;
  /** From a 429's Retry-After (seconds or an HTTP date), when the server gave one. */
  readonly retryAfterMs: number | null;
  /** Requests made before giving up (withRetries sets it; 1 for a single request). */
  readonly attempts: number;
  /** An HTTP error's JSON body, the key taken out, for its API's folder to read structured fields from (null when none was JSON). */
  readonly errorBody: unknown;
  constructor(kind: ProviderErrorKind, message: string, options: { status?: number | null; retryAfterMs?: number | null; cause?: unknown; attempts?: number; errorBody?: unknown } = {}) {
    super('bad_request', message, { cause: options.cause });
    this.kind = kind;
    this.status = options.status ?? null;
    this.retryAfterMs = options.retryAfterMs ?? null;
    this.attempts = options.attempts ?? 1;
    this.errorBody = options.errorBody ?? null;
  }

  get retryable(): boolean {
    return this.kind === 'rate-limit' || this.kind === 'server' || this.kind === 'network' || this.kind === 'timeout';
  }
}

export interface JudgeProvider {
  complete(request: JudgeCompletionRequest): Promise<JudgeCompletion>;
}
