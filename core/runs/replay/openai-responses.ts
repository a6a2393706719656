import { z } from 'zod';
import { estimatedTokens, sendAnswer } from '../../model-apis/model-api-answer.ts';
import { openAiError } from '../../model-apis/openai-chat/openai-chat-server.ts';
import { messageItem, RESPONSES_ROUTE, sendResponse, usageOf, type ResponsesOutputItem } from '../../model-apis/openai-responses/openai-responses-server.ts';
import { countModelTurns, offeredTools, toolCallItems, UnplayableCallError } from './openai-responses-calls.ts';
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

/** Every answer carries the request id the API's answers carry. */
const REQUEST_ID = 'req_replay';

function answerResponses(request: WireRequest, body: ResponsesRequest): void {
  const stream = body.stream === true;
  const tools = body.tools ?? [];
  const base = { object: 'response' as const, created_at: Math.floor(Date.now() / 1000), status: 'completed' as const, model: body.model, parallel_tool_calls: true, tool_choice: 'auto' as const, tools };
  if (tools.length === 0) {
    // Not the agent loop: answer, but leave the script where it is.
    const output = [messageItem(`msg_replay_side`, SIDE_REPLY)];
    sendResponse(request.res, { ...base, id: `resp_replay_${request.session.id}_side`, output, usage: usageOf(estimatedTokens(body.input), 1) }, stream, REQUEST_ID);
    return;
  }
  const turn = countModelTurns(body.input);
  const reply = request.session.replyAt(turn);
  let calls: ResponsesOutputItem[];
  try {
    calls = toolCallItems(reply.calls, offeredTools(tools), turn);
  } catch (error) {
    if (error instanceof UnplayableCallError) {
      sendAnswer(request.res, openAiError(400, error.message, { 'x-request-id': REQUEST_ID }));
      return;
    }
    throw error;
  }
  // A turn with calls and no words has no message; a final turn always says something.
  const output = reply.text !== '' || calls.length === 0 ? [messageItem(`msg_replay_${turn}`, reply.text), ...calls] : calls;
  sendResponse(request.res, { ...base, id: `resp_replay_${request.session.id}_${turn}`, output, usage: usageOf(reply.usage.input, reply.usage.output, reply.usage.cachedInput) }, stream, REQUEST_ID);
}

/**
 * The OpenAI Responses API as Codex CLI calls it: `POST /v1/responses` (streaming SSE, or plain
 * JSON) and `GET /v1/models[/<id>]`. Only requests that offer tools are the agent loop and play
 * the script; the turn to play is the number of model turns in `input`, so a retried request
 * gets the same reply.
 */
export const openAiResponsesFormat: WireFormat = {
  name: 'openai-responses',
  matches: (method, path) => (method === 'POST' && path === RESPONSES_ROUTE) || (method === 'GET' && /^\/v1\/models(\/[^/]+)?$/.test(path)),
  handle(request) {
    if (request.method === 'GET') {
      const model = (id: string) => ({ id, object: 'model', created: 0, owned_by: 'lhb-replay' });
      const named = /^\/v1\/models\/([^/]+)$/.exec(request.path);
      sendAnswer(request.res, { status: 200, headers: { 'x-request-id': REQUEST_ID }, body: named ? model(decodeURIComponent(named[1]!)) : { object: 'list', data: [model('replay')] } });
      return;
    }
    const parsed = ResponsesRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      sendAnswer(request.res, openAiError(400, `Not a Responses API request: ${describeZodIssues(parsed.error, 'body')}`, { 'x-request-id': REQUEST_ID }));
      return;
    }
    answerResponses(request, parsed.data);
  },
};
