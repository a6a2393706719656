import { z } from 'zod';
import { geminiError, geminiResponse, MODEL_METHOD_PATH, MODELS_PATH, sendGeminiJson, sendGeminiResponses, type Delivery, type GeminiResponse } from '../../model-apis/gemini-generate/gemini-generate-server.ts';
import { estimatedTokens } from '../../model-apis/model-api-answer.ts';
import { geminiReply, geminiReplyChunks, UnplayableActionError, type OfferedFunction } from './gemini-generate-reply.ts';
import { answerForSchema } from './gemini-generate-schema-answer.ts';
import type { WireFormat, WireRequest } from './wire-format.ts';
import { describeZodIssues } from '../../../schemas/lhb-error.ts';

/** The parts of a `generateContent` body the scripted server reads; the rest is the CLI's business. */
const FunctionDeclarationSchema = z.looseObject({
  name: z.string().min(1),
  parameters: z.looseObject({ properties: z.record(z.string(), z.unknown()).optional() }).optional(),
  parametersJsonSchema: z.looseObject({ properties: z.record(z.string(), z.unknown()).optional() }).optional(),
});
const GenerateRequestSchema = z.looseObject({
  contents: z.array(z.looseObject({ role: z.string().optional() })).default([]),
  tools: z.array(z.looseObject({ functionDeclarations: z.array(FunctionDeclarationSchema).optional() })).optional(),
  generationConfig: z
    .looseObject({ responseMimeType: z.string().optional(), responseSchema: z.unknown().optional(), responseJsonSchema: z.unknown().optional() })
    .optional(),
});
type GenerateRequest = z.infer<typeof GenerateRequestSchema>;

/** What a side request without a JSON schema gets (a summary, a title): short, valid, harmless. */
const SIDE_REPLY = 'OK';

const sendJson = (res: WireRequest['res'], status: number, body: unknown): void => sendGeminiJson(res, { status, body });

function offeredFunctions(body: GenerateRequest): Map<string, OfferedFunction> {
  const offered = new Map<string, OfferedFunction>();
  for (const tool of body.tools ?? []) {
    for (const declaration of tool.functionDeclarations ?? []) {
      const properties = declaration.parametersJsonSchema?.properties ?? declaration.parameters?.properties ?? {};
      offered.set(declaration.name, { name: declaration.name, parameters: new Set(Object.keys(properties)) });
    }
  }
  return offered;
}

/** A one-part text answer to a side request, streamed or whole; the script does not move. */
function answerSide(request: WireRequest, body: GenerateRequest, model: string, delivery: Delivery): void {
  const config = body.generationConfig;
  const schema = config?.responseJsonSchema ?? config?.responseSchema;
  const text = schema !== undefined ? JSON.stringify(answerForSchema(schema)) : config?.responseMimeType === 'application/json' ? '{}' : SIDE_REPLY;
  const candidate = { content: { role: 'model' as const, parts: [{ text }] }, finishReason: 'STOP', index: 0 as const };
  const response = geminiResponse(`replay-${request.session.id}-side`, model, candidate, { input: estimatedTokens(body.contents), output: 1 });
  sendGeminiResponses(request.res, [response], response, delivery);
}

function answerGenerate(request: WireRequest, body: GenerateRequest, model: string, delivery: Delivery): void {
  const offered = offeredFunctions(body);
  const config = body.generationConfig;
  // Only the agent loop offers tools; a request for JSON (next-speaker check, loop detection,
  // the router's classifier) or plain text without tools is a side request.
  if (offered.size === 0 || config?.responseJsonSchema !== undefined || config?.responseSchema !== undefined) {
    answerSide(request, body, model, delivery);
    return;
  }
  // The turn to play is the number of model turns the history already holds.
  const turn = body.contents.filter((content) => content.role === 'model').length;
  const reply = request.session.replyAt(turn);
  const context = { model, offered, responseId: `replay-${request.session.id}-${turn}` };
  let chunks: GeminiResponse[];
  try {
    chunks = geminiReplyChunks(reply, context);
  } catch (error) {
    if (error instanceof UnplayableActionError) {
      sendGeminiJson(request.res, geminiError(400, error.message));
      return;
    }
    throw error;
  }
  sendGeminiResponses(request.res, chunks, geminiReply(reply, context), delivery);
}

function modelResource(id: string) {
  return {
    name: `models/${id}`,
    version: '001',
    displayName: id,
    description: 'A scripted model played back by the LH-Bench replay server.',
    inputTokenLimit: 1_048_576,
    outputTokenLimit: 65_536,
    supportedGenerationMethods: ['generateContent', 'countTokens'],
  };
}

/**
 * The Gemini API as Gemini CLI calls it: `POST /v1beta/models/<m>:streamGenerateContent?alt=sse`
 * (SSE of GenerateContentResponse chunks), `:generateContent`, `:countTokens`, and the model
 * listing. Only requests that offer tools advance the script; JSON-schema side requests get a
 * valid object of that schema, other side requests a short text.
 */
export const geminiGenerateFormat: WireFormat = {
  name: 'gemini',
  matches(method, path) {
    if (method === 'POST') return MODEL_METHOD_PATH.test(path);
    if (method === 'GET') return MODELS_PATH.test(path);
    return false;
  },
  handle(request) {
    const { method, path, res } = request;
    if (method === 'GET') {
      const id = MODELS_PATH.exec(path)?.[1];
      if (id) sendJson(res, 200, modelResource(decodeURIComponent(id)));
      else sendJson(res, 200, { models: [modelResource('gemini-2.5-pro'), modelResource('gemini-2.5-flash')] });
      return;
    }
    const [, rawModel, operation] = MODEL_METHOD_PATH.exec(path)!;
    const model = decodeURIComponent(rawModel!);
    if (operation === 'countTokens') {
      sendJson(res, 200, { totalTokens: estimatedTokens(request.body) });
      return;
    }
    const parsed = GenerateRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      sendGeminiJson(res, geminiError(400, `The replay server could not read this ${operation} request: ${describeZodIssues(parsed.error, 'body', 1) || 'invalid body'}.`));
      return;
    }
    const delivery: Delivery = operation === 'generateContent' ? 'whole' : request.query.get('alt') === 'sse' ? 'sse' : 'json-array';
    answerGenerate(request, parsed.data, model, delivery);
  },
};
