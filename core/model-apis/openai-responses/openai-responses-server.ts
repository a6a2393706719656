import type { ServerResponse } from 'node:http';
import { sendAnswer, sendEventStream } from '../model-api-answer.ts';

/**
 * What a server of the OpenAI Responses API writes (the scripted model server, for Codex CLI): the
 * response object and its event stream. Errors have OpenAI's shape (openai-chat-server.ts).
 */

/** `POST /v1/responses` under the origin. */
export const RESPONSES_ROUTE = '/v1/responses';

/** An output item of a Responses API reply, as the API streams it. */
export type ResponsesOutputItem =
  | { type: 'message'; id: string; status: 'completed'; role: 'assistant'; content: { type: 'output_text'; text: string; annotations: [] }[] }
  | { type: 'function_call'; id: string; status: 'completed'; call_id: string; name: string; arguments: string; namespace?: string }
  | { type: 'custom_tool_call'; id: string; status: 'completed'; call_id: string; name: string; input: string }
  | { type: 'local_shell_call'; id: string; status: 'completed'; call_id: string; action: { type: 'exec'; command: string[] } };

/** Streamed text arrives in pieces of this many characters, so clients that join deltas are exercised. */
const DELTA_CHARS = 48;

export interface ResponsesUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}

/** The response object, as `response.completed` carries it and a non-streaming request gets it. */
export interface ResponsesResponse {
  id: string;
  object: 'response';
  created_at: number;
  status: 'completed';
  model: string;
  output: ResponsesOutputItem[];
  parallel_tool_calls: boolean;
  tool_choice: 'auto';
  tools: unknown[];
  usage: ResponsesUsage;
}

/** The Responses API counts cached tokens inside `input_tokens`, and names them apart too. */
export function usageOf(input: number, output: number, cached = 0): ResponsesUsage {
  return { input_tokens: input, input_tokens_details: { cached_tokens: cached }, output_tokens: output, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: input + output };
}

/** An assistant message item saying `text`. */
export function messageItem(id: string, text: string): ResponsesOutputItem {
  return { type: 'message', id, status: 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] };
}

const chunks = (text: string): string[] => {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += DELTA_CHARS) pieces.push(text.slice(at, at + DELTA_CHARS));
  return pieces.length > 0 ? pieces : [''];
};

/** One item's events between `output_item.added` and `output_item.done`, as the API streams them. */
function itemEvents(item: ResponsesOutputItem, outputIndex: number): Record<string, unknown>[] {
  const at = { item_id: item.id, output_index: outputIndex };
  switch (item.type) {
    case 'message': {
      const text = item.content[0]!.text;
      const part = { ...at, content_index: 0 };
      return [
        { type: 'response.content_part.added', ...part, part: { type: 'output_text', text: '', annotations: [] } },
        ...chunks(text).map((delta) => ({ type: 'response.output_text.delta', ...part, delta, logprobs: [] })),
        { type: 'response.output_text.done', ...part, text, logprobs: [] },
        { type: 'response.content_part.done', ...part, part: { type: 'output_text', text, annotations: [] } },
      ];
    }
    case 'function_call':
      return [
        ...chunks(item.arguments).map((delta) => ({ type: 'response.function_call_arguments.delta', ...at, delta })),
        { type: 'response.function_call_arguments.done', ...at, arguments: item.arguments },
      ];
    case 'custom_tool_call':
      return [
        ...chunks(item.input).map((delta) => ({ type: 'response.custom_tool_call_input.delta', ...at, delta })),
        { type: 'response.custom_tool_call_input.done', ...at, input: item.input },
      ];
    case 'local_shell_call':
      return [];
  }
}

/** The item as `output_item.added` announces it: still in progress, its text or arguments still empty. */
function startedItem(item: ResponsesOutputItem): Record<string, unknown> {
  switch (item.type) {
    case 'message':
      return { ...item, status: 'in_progress', content: [] };
    case 'function_call':
      return { ...item, status: 'in_progress', arguments: '' };
    case 'custom_tool_call':
      return { ...item, status: 'in_progress', input: '' };
    case 'local_shell_call':
      return { ...item, status: 'in_progress' };
  }
}

/** The whole event stream of a response: created, in_progress, each item's events, completed. */
export function responseStreamEvents(response: ResponsesResponse): Record<string, unknown>[] {
  const pending = { ...response, status: 'in_progress', output: [], usage: null };
  const events: Record<string, unknown>[] = [
    { type: 'response.created', response: pending },
    { type: 'response.in_progress', response: pending },
  ];
  response.output.forEach((item, index) => {
    events.push({ type: 'response.output_item.added', output_index: index, item: startedItem(item) });
    events.push(...itemEvents(item, index));
    events.push({ type: 'response.output_item.done', output_index: index, item });
  });
  events.push({ type: 'response.completed', response });
  return events.map((event, sequence) => ({ ...event, sequence_number: sequence }));
}

export const formatSse = (event: Record<string, unknown>): string => `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`;

/** The response whole, or streamed as the API streams it when the request asked for `stream`. */
export function sendResponse(res: ServerResponse, response: ResponsesResponse, stream: boolean, requestId: string): void {
  if (!stream) {
    sendAnswer(res, { status: 200, headers: { 'x-request-id': requestId }, body: response });
    return;
  }
  const headers = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-request-id': requestId };
  sendEventStream(res, headers, responseStreamEvents(response).map(formatSse));
}

