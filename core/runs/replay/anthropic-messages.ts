import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { anthropicStreamEvents, buildAnthropicMessage, formatSse, UnplayableActionError, type AnthropicMessage } from './anthropic-messages-reply.ts';
import type { WireFormat, WireRequest } from './wire-format.ts';
import { describeZodIssues } from '../../../schemas/lhb-error.ts';

/** The parts of a `POST /v1/messages` body the scripted server reads; the rest is the harness's business. */
const MessagesRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(z.looseObject({ role: z.enum(['user', 'assistant']) })),
  tools: z.array(z.looseObject({ name: z.string() })).optional(),
  stream: z.boolean().optional(),
});
type MessagesRequest = z.infer<typeof MessagesRequestSchema>;

/** What the CLI gets for a side request (no tools offered): a short, valid, harmless answer. */
const SIDE_REPLY = 'OK';

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'request-id': 'req_replay' });
  res.end(body);
}

/** Errors in the Messages API's own shape, so the CLI shows the message instead of a parse error. */
function sendError(res: ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { type: 'error', error: { type, message } });
}

function sendMessage(res: ServerResponse, message: AnthropicMessage, stream: boolean): void {
  if (!stream) {
    sendJson(res, 200, message);
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'request-id': 'req_replay' });
  for (const event of anthropicStreamEvents(message)) res.write(formatSse(event));
  res.end();
}

/** A rough count (4 characters a token), enough for a CLI deciding whether to compact. */
function estimateTokens(body: unknown): number {
  return Math.max(1, Math.ceil(JSON.stringify(body ?? '').length / 4));
}

function answerMessages(request: WireRequest, body: MessagesRequest): void {
  const stream = body.stream === true;
  const tools = body.tools ?? [];
  if (tools.length === 0) {
    // Not the agent loop (a title, a summary, a quota probe): answer, but leave the script where it is.
    const side: AnthropicMessage = {
      id: 'msg_replay_side',
      type: 'message',
      role: 'assistant',
      model: body.model,
      content: [{ type: 'text', text: SIDE_REPLY }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: estimateTokens(body.messages), output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    };
    sendMessage(request.res, side, stream);
    return;
  }
  // The turn to play is the number of model turns the history already holds.
  const turn = body.messages.filter((message) => message.role === 'assistant').length;
  const reply = request.session.replyAt(turn);
  let message: AnthropicMessage;
  try {
    message = buildAnthropicMessage(reply, { sessionId: request.session.id, turn, model: body.model, offered: new Set(tools.map((tool) => tool.name)) });
  } catch (error) {
    if (error instanceof UnplayableActionError) {
      sendError(request.res, 400, 'invalid_request_error', error.message);
      return;
    }
    throw error;
  }
  sendMessage(request.res, message, stream);
}

/**
 * The Anthropic Messages API as Claude Code calls it: `POST /v1/messages` (streaming SSE or
 * plain JSON), `POST /v1/messages/count_tokens`, and `GET /v1/models[/<id>]`. Only requests that
 * offer tools advance the script; anything else gets a short valid answer.
 */
export const anthropicMessagesFormat: WireFormat = {
  name: 'anthropic',
  matches(method, path) {
    if (method === 'POST') return path === '/v1/messages' || path === '/v1/messages/count_tokens';
    if (method === 'GET') return path === '/v1/models' || path.startsWith('/v1/models/');
    return false;
  },
  handle(request) {
    const { method, path, res } = request;
    if (method === 'GET') {
      const model = (id: string) => ({ type: 'model', id, display_name: id, created_at: '2025-01-01T00:00:00Z' });
      if (path === '/v1/models') {
        sendJson(res, 200, { data: [model('replay')], has_more: false, first_id: 'replay', last_id: 'replay' });
      } else {
        sendJson(res, 200, model(decodeURIComponent(path.slice('/v1/models/'.length))));
      }
      return;
    }
    if (path === '/v1/messages/count_tokens') {
      sendJson(res, 200, { input_tokens: estimateTokens(request.body) });
      return;
    }
    const parsed = MessagesRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      sendError(res, 400, 'invalid_request_error', `The replay server could not read this Messages request: ${describeZodIssues(parsed.error, 'body', 1) || 'invalid body'}.`);
      return;
    }
    answerMessages(request, parsed.data);
  },
};
