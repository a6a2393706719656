import type { ServerResponse } from 'node:http';
import { sendAnswer, sendEventStream, type ModelApiAnswer } from '../model-api-answer.ts';

/**
 * What a server of the Gemini API writes (the scripted model server, the judges' test server):
 * `GenerateContentResponse`s whole, as SSE or as a JSON array, and errors as `google.rpc.Status`.
 */

/** `/v1beta/models/<model>:<method>` (also `/v1` and `/v1alpha`, which GOOGLE_GENAI_API_VERSION picks). */
export const MODEL_METHOD_PATH = /^\/v1(?:alpha|beta)?\/models\/([^/:]+):(streamGenerateContent|generateContent|countTokens)$/;
/** The model listing and one model. */
export const MODELS_PATH = /^\/v1(?:alpha|beta)?\/models(?:\/([^/:]+))?$/;

export interface GeminiPart {
  text?: string;
  /** A thinking model's thought, left out of the answer. */
  thought?: boolean;
  functionCall?: { name: string; args: Record<string, unknown> };
}

export interface GeminiCandidate {
  content?: { role: 'model'; parts: GeminiPart[] };
  finishReason?: string;
  index: 0;
  safetyRatings?: { category: string; probability: string; blocked: boolean }[];
}

/** One `GenerateContentResponse`, as the API sends it whole or as one chunk of a stream. */
export interface GeminiResponse {
  candidates: GeminiCandidate[];
  usageMetadata: { promptTokenCount: number; cachedContentTokenCount?: number; candidatesTokenCount?: number; thoughtsTokenCount?: number; totalTokenCount: number };
  modelVersion: string;
  responseId: string;
}

/**
 * A response of one candidate. Gemini counts cached content inside promptTokenCount and names it
 * only when there is some; it reports thinking apart from the answer (thoughtsTokenCount).
 */
export function geminiResponse(responseId: string, model: string, candidate: GeminiCandidate, usage: { input: number; output: number; cachedInput?: number; thoughts?: number }): GeminiResponse {
  const cached = usage.cachedInput ? { cachedContentTokenCount: usage.cachedInput } : {};
  const thinking = usage.thoughts ? { thoughtsTokenCount: usage.thoughts } : {};
  return {
    candidates: [candidate],
    usageMetadata: { promptTokenCount: usage.input, ...cached, candidatesTokenCount: usage.output, ...thinking, totalTokenCount: usage.input + usage.output + (usage.thoughts ?? 0) },
    modelVersion: model,
    responseId,
  };
}

/** `google.rpc.Code` names by HTTP status. */
const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** An error in the Gemini API's own shape (`google.rpc.Status`, with `details` when given), so a client shows the message. */
export function geminiError(status: number, message: string, details?: unknown[]): ModelApiAnswer {
  return { status, body: { error: { code: status, message, status: STATUS_NAMES[status] ?? 'UNKNOWN', ...(details ? { details } : {}) } } };
}

/** Answers carry this content type, as the API's do. */
const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' };

/** How a reply goes out: whole (`:generateContent`), as SSE (`?alt=sse`), or as the JSON array a stream without `alt=sse` is. */
export type Delivery = 'whole' | 'sse' | 'json-array';

/** One server-sent event of a `?alt=sse` stream, framed as the API frames it. */
export const formatGeminiSse = (chunk: unknown): string => `data: ${JSON.stringify(chunk)}\r\n\r\n`;

/** Any JSON answer (a model listing, a token count, an error) with the API's content type. */
export function sendGeminiJson(res: ServerResponse, answer: ModelApiAnswer): void {
  sendAnswer(res, { ...answer, headers: { ...JSON_TYPE, ...answer.headers } });
}

/** A reply as its delivery asks: `whole`, or its `chunks` as SSE or a JSON array. */
export function sendGeminiResponses(res: ServerResponse, chunks: GeminiResponse[], whole: GeminiResponse, delivery: Delivery): void {
  if (delivery === 'sse') sendEventStream(res, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' }, chunks.map(formatGeminiSse));
  else sendGeminiJson(res, { status: 200, body: delivery === 'whole' ? whole : chunks });
}
