import type { ServerResponse } from 'node:http';
import { sendAnswer, sendEventStream, type ModelApiAnswer } from '../model-api-answer.ts';

/**
 * What a server of the Messages API writes (the scripted model server, the judges' test server):
 * the assistant message, its event stream, and errors, each in the API's own shape.
 */

/** `POST /v1/messages`, the path the API answers under its origin. */
export const MESSAGES_ROUTE = '/v1/messages';

/** A block of what an assistant says: text or a tool call (what the scripted model server streams). */
export type AnthropicReplyBlock = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

/** A content block of an assistant message, as the Messages API returns it. */
export type AnthropicContentBlock = AnthropicReplyBlock | { type: 'thinking'; thinking: string; signature: string };

export interface AnthropicMessage<Block extends AnthropicContentBlock = AnthropicContentBlock> {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: Block[];
  /** `end_turn`, `tool_use`, `max_tokens`, `refusal`… */
  stop_reason: string;
  stop_sequence: null;
  usage: { input_tokens: number; output_tokens: number; cache_creation_input_tokens: number; cache_read_input_tokens: number };
}

/** An assistant message; `input` counts every prompt token, of which `cachedInput` were read from the cache (the API counts those apart). */
export function anthropicMessage<Block extends AnthropicContentBlock>(
  id: string,
  model: string,
  content: Block[],
  stopReason: string,
  usage: { input: number; output: number; cachedInput?: number },
): AnthropicMessage<Block> {
  const cached = usage.cachedInput ?? 0;
  return {
    id,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: usage.input - cached, output_tokens: usage.output, cache_creation_input_tokens: 0, cache_read_input_tokens: cached },
  };
}

/** Errors' `type` by status, as the API names them. */
const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

/** An error in the Messages API's own shape, so a client shows the message instead of a parse error. */
export function anthropicError(status: number, message: string, requestId: string): ModelApiAnswer {
  return { status, headers: { 'request-id': requestId }, body: { type: 'error', error: { type: ERROR_TYPES[status] ?? 'api_error', message } } };
}

/** Cuts a string into a few pieces, as the API streams text and tool input in chunks. */
function chunks(value: string, pieces: number): string[] {
  if (value.length === 0) return [];
  const size = Math.max(1, Math.ceil(value.length / pieces));
  const out: string[] = [];
  for (let at = 0; at < value.length; at += size) out.push(value.slice(at, at + size));
  return out;
}

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/**
 * The server-sent events the Messages API streams for `message`: message_start (usage so far,
 * no content), a ping, then per block content_block_start / *_delta / content_block_stop (text as
 * text_delta, tool input as input_json_delta fragments of its JSON), message_delta with the stop
 * reason and final usage, message_stop.
 */
export function anthropicStreamEvents(message: AnthropicMessage<AnthropicReplyBlock>): SseEvent[] {
  const events: SseEvent[] = [];
  const push = (event: string, data: Record<string, unknown>) => events.push({ event, data: { type: event, ...data } });
  push('message_start', {
    message: { ...message, content: [], stop_reason: null, stop_sequence: null, usage: { ...message.usage, output_tokens: 1 } },
  });
  push('ping', {});
  message.content.forEach((block, index) => {
    if (block.type === 'text') {
      push('content_block_start', { index, content_block: { type: 'text', text: '' } });
      for (const text of chunks(block.text, 3)) push('content_block_delta', { index, delta: { type: 'text_delta', text } });
    } else {
      push('content_block_start', { index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
      for (const partial_json of chunks(JSON.stringify(block.input), 3)) push('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } });
    }
    push('content_block_stop', { index });
  });
  push('message_delta', {
    delta: { stop_reason: message.stop_reason, stop_sequence: null },
    usage: { ...message.usage },
  });
  push('message_stop', {});
  return events;
}

export function formatSse(event: SseEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** The message whole, or streamed as the API streams it when the request asked for `stream`. */
export function sendAnthropicMessage(res: ServerResponse, message: AnthropicMessage<AnthropicReplyBlock>, stream: boolean, requestId: string): void {
  if (!stream) {
    sendAnswer(res, { status: 200, headers: { 'request-id': requestId }, body: message });
    return;
  }
  const headers = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'request-id': requestId };
  sendEventStream(res, headers, anthropicStreamEvents(message).map(formatSse));
}
