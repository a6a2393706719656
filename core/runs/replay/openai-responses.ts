import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { countModelTurns, offeredTools, toolCallItems, UnplayableCallError, type ResponsesOutputItem } from './openai-responses-calls.ts';
import type { WireFormat, WireRequest } from './wire-format.ts';
import { describeZodIssues } from '../../../schemas/lhb-error.ts';

/** The parts of a `POST /v1/responses` body the scripted server reads; the rest is the client's business. */
const ResponsesRequestSchema = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(z.unknown())]).optional(),
  tools: z.array(z.unknown()).optional(),
  stream: z.boolean().optional(),
});
type ResponsesRequest = z.infer<typeof ResponsesRequestSchema>;

/** What a side request (no tools offered: a summary, a compaction, a probe) gets: short, valid, harmless. */
const SIDE_REPLY = 'OK';

/** Streamed text arrives in pieces of this many characters, so clients that join deltas are exercised. */
const DELTA_CHARS = 48;

interface Usage {
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
  usage: Usage;
}

/** The Responses API counts cached tokens inside `input_tokens`, and names them apart too. */
function usageOf(input: number, output: number, cached = 0): Usage {
  return { input_tokens: input, input_tokens_details: { cached_tokens: cached }, output_tokens: output, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: input + output };
}

function messageItem(id: string, text: string): ResponsesOutputItem {
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

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-request-id': 'req_replay' });
  res.end(body);
}

/** Errors in the API's own shape, so the client shows the message rather than a parse error. */
function sendError(res: ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { error: { type, message, param: null, code: null } });
}

function sendResponse(res: ServerResponse, response: ResponsesResponse, stream: boolean): void {
  if (!stream) {
    sendJson(res, 200, response);
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-request-id': 'req_replay' });
  for (const event of responseStreamEvents(response)) res.write(formatSse(event));
  res.end();
}

/** A rough count (4 characters a token), enough for a client deciding whether to compact. */
const estimateTokens = (value: unknown): number => Math.max(1, Math.ceil(JSON.stringify(value ?? '').length / 4));

function answerResponses(request: WireRequest, body: ResponsesRequest): void {
  const stream = body.stream === true;
  const tools = body.tools ?? [];
  const base = { object: 'response' as const, created_at: Math.floor(Date.now() / 1000), status: 'completed' as const, model: body.model, parallel_tool_calls: true, tool_choice: 'auto' as const, tools };
  if (tools.length === 0) {
    // Not the agent loop: answer, but leave the script where it is.
    const output = [messageItem(`msg_replay_side`, SIDE_REPLY)];
    sendResponse(request.res, { ...base, id: `resp_replay_${request.session.id}_side`, output, usage: usageOf(estimateTokens(body.input), 1) }, stream);
    return;
  }
  const turn = countModelTurns(body.input);
  const reply = request.session.replyAt(turn);
  let calls: ResponsesOutputItem[];
  try {
    calls = toolCallItems(reply.calls, offeredTools(tools), turn);
  } catch (error) {
    if (error instanceof UnplayableCallError) {
      sendError(request.res, 400, 'invalid_request_error', error.message);
      return;
    }
    throw error;
  }
  // A turn with calls and no words has no message; a final turn always says something.
  const output = reply.text !== '' || calls.length === 0 ? [messageItem(`msg_replay_${turn}`, reply.text), ...calls] : calls;
  sendResponse(request.res, { ...base, id: `resp_replay_${request.session.id}_${turn}`, output, usage: usageOf(reply.usage.input, reply.usage.output, reply.usage.cachedInput) }, stream);
}

/**
 * The OpenAI Responses API as Codex CLI calls it: `POST /v1/responses` (streaming SSE, or plain
 * JSON) and `GET /v1/models[/<id>]`. Only requests that offer tools are the agent loop and play
 * the script; the turn to play is the number of model turns in `input`, so a retried request
 * gets the same reply.
 */
export const openAiResponsesFormat: WireFormat = {
  name: 'openai-responses',
  matches: (method, path) => (method === 'POST' && path === '/v1/responses') || (method === 'GET' && /^\/v1\/models(\/[^/]+)?$/.test(path)),
  handle(request) {
    if (request.method === 'GET') {
      const model = (id: string) => ({ id, object: 'model', created: 0, owned_by: 'lhb-replay' });
      const named = /^\/v1\/models\/([^/]+)$/.exec(request.path);
      sendJson(request.res, 200, named ? model(decodeURIComponent(named[1]!)) : { object: 'list', data: [model('replay')] });
      return;
    }
    const parsed = ResponsesRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      sendError(request.res, 400, 'invalid_request_error', `Not a Responses API request: ${describeZodIssues(parsed.error, 'body')}`);
      return;
    }
    answerResponses(request, parsed.data);
  },
};
