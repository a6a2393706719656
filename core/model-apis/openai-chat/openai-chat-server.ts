import type { ModelApiAnswer } from '../model-api-answer.ts';

/**
 * What a server of OpenAI's APIs writes: a Chat Completions reply, and errors in the shape both
 * Chat Completions and Responses use.
 */

/** `POST /v1/chat/completions` under the origin (a judge's baseUrl is `{origin}/v1`). */
export const CHAT_COMPLETIONS_ROUTE = '/v1/chat/completions';

/** A chat completion of one choice holding `message`. */
export function chatCompletion(id: string, model: string, message: Record<string, unknown>, finishReason: string, usage: { input: number; output: number }): Record<string, unknown> {
  return {
    id: `chatcmpl-${id}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
    usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
  };
}

/** Errors' `type` by status, as OpenAI names them. */
const ERROR_TYPES: Record<number, string> = { 400: 'invalid_request_error', 401: 'invalid_request_error', 403: 'permission_error', 404: 'invalid_request_error', 429: 'requests' };

/** An error in OpenAI's own shape (`{error: {message, type, param, code}}`), so a client shows the message. */
export function openAiError(status: number, message: string, headers?: Record<string, string>): ModelApiAnswer {
  const code = status === 401 ? 'invalid_api_key' : status === 404 ? 'model_not_found' : status === 429 ? 'rate_limit_exceeded' : null;
  return { status, ...(headers ? { headers } : {}), body: { error: { message, type: ERROR_TYPES[status] ?? 'server_error', param: null, code } } };
}

/** A 400 about one request field, as OpenAI writes it: `param` names the field, `code` says what is wrong (`unsupported_parameter`, `integer_below_min_value`). */
export function openAiFieldError(param: string, code: string, message: string): ModelApiAnswer {
  return { status: 400, body: { error: { message, type: 'invalid_request_error', param, code } } };
}
