import { z } from 'zod';
import { anthropicError, anthropicMessage, MESSAGES_ROUTE, sendAnthropicMessage, type AnthropicMessage, type AnthropicReplyBlock } from '../../model-apis/anthropic-messages/anthropic-messages-server.ts';
import { estimatedTokens, sendAnswer } from '../../model-apis/model-api-answer.ts';
import { buildAnthropicMessage, UnplayableActionError } from './anthropic-messages-reply.ts';
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

/** Every answer carries the request id the API's answers carry. */
const REQUEST_ID = 'req_replay';

const sendJson = (res: WireRequest['res'], status: number, body: unknown): void => sendAnswer(res, { status, headers: { 'request-id': REQUEST_ID }, body });

function answerMessages(request: WireRequest, body: MessagesRequest): void {
  const stream = body.stream === true;
  const tools = body.tools ?? [];
  if (tools.length === 0) {
    // Not the agent loop (a title, a summary, a quota probe): answer, but leave the script where it is.
    const side = anthropicMessage('msg_replay_side', body.model, [{ type: 'text', text: SIDE_REPLY }], 'end_turn', { input: estimatedTokens(body.messages), output: 1 });
    sendAnthropicMessage(request.res, side, stream, REQUEST_ID);
    return;
  }
  // The turn to play is the number of model turns the history already holds.
  const turn = body.messages.filter((message) => message.role === 'assistant').length;
  const reply = request.session.replyAt(turn);
  let message: AnthropicMessage<AnthropicReplyBlock>;
  try {
    message = buildAnthropicMessage(reply, { sessionId: request.session.id, turn, model: body.model, offered: new Set(tools.map((tool) => tool.name)) });
  } catch (error) {
    if (error instanceof UnplayableActionError) {
      sendAnswer(request.res, anthropicError(400, error.message, REQUEST_ID));
      return;
    }
    throw error;
  }
  sendAnthropicMessage(request.res, message, stream, REQUEST_ID);
}

/**
 * The Anthropic Messages API as Claude Code calls it: `POST /v1/messages` (streaming SSE or
 * plain JSON), `POST /v1/messages/count_tokens`, and `GET /v1/models[/<id>]`. Only requests that
 * offer tools advance the script; anything else gets a short valid answer.
 */
export const anthropicMessagesFormat: WireFormat = {
  name: 'anthropic',
  matches(method, path) {
    if (method === 'POST') return path === MESSAGES_ROUTE || path === `${MESSAGES_ROUTE}/count_tokens`;
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
    if (path === `${MESSAGES_ROUTE}/count_tokens`) {
      sendJson(res, 200, { input_tokens: estimatedTokens(request.body) });
      return;
    }
    const parsed = MessagesRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      sendAnswer(res, anthropicError(400, `The replay server could not read this Messages request: ${describeZodIssues(parsed.error, 'body', 1) || 'invalid body'}.`, REQUEST_ID));
      return;
    }
    answerMessages(request, parsed.data);
  },
};
