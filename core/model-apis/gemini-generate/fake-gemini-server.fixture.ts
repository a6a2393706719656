import {
  decodeBase64,
  estimatedUsage,
  promptOf,
  refuseWith,
  startFakeProviderServer,
  type FakeContentPart,
  type FakePrompt,
  type FakeProviderServer,
  type FakeProviderServerOptions,
  type FakeWireFormat,
} from '../fake-model-api-server.fixture.ts';
import { geminiError, geminiResponse, type GeminiCandidate } from './gemini-generate-server.ts';

/** Gemini `generateContent` at `{origin}/v1beta/models/{model}:generateContent` (the judge's baseUrl is the origin). */
export function startFakeGeminiServer(options: FakeProviderServerOptions = {}): Promise<FakeProviderServer> {
  return startFakeProviderServer(geminiGenerateFormat, options);
}

const ROUTE = /^\/v1beta\/models\/([^/:]+):generateContent$/;

const geminiGenerateFormat: FakeWireFormat = {
  name: 'Gemini generateContent',
  baseUrl: (origin) => origin,

  decode({ method, path, headers, body }, apiKey) {
    const format = geminiGenerateFormat;
    const route = ROUTE.exec(path);
    if (method !== 'POST' || !route) return refuseWith(format, 404, `The requested URL ${path} was not found on this server.`);
    if (apiKey !== undefined && headers['x-goog-api-key'] !== apiKey) {
      // Gemini answers a missing or wrong key with 400 and an ErrorInfo whose reason is API_KEY_INVALID.
      const message = 'API key not valid. Please pass a valid API key.';
      return { refuse: geminiError(400, message, [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }]), message };
    }
    if (!String(headers['content-type'] ?? '').startsWith('application/json')) return refuseWith(format, 400, 'Invalid JSON payload: expected application/json.');
    const model = decodeURIComponent(route[1]!);
    const request = body as Record<string, unknown> | undefined;
    if (!request || typeof request !== 'object') return refuseWith(format, 400, 'Invalid JSON payload received.');

    let system = '';
    if (request.systemInstruction !== undefined) {
      const parts = (request.systemInstruction as { parts?: unknown } | null)?.parts;
      if (!Array.isArray(parts) || parts.some((p) => typeof (p as { text?: unknown } | null)?.text !== 'string')) {
        return refuseWith(format, 400, 'Invalid value at \'system_instruction\': expected {parts: [{text}]}.');
      }
      system = (parts as { text: string }[]).map((p) => p.text).join('');
    }

    if (!Array.isArray(request.contents) || request.contents.length === 0) return refuseWith(format, 400, '* GenerateContentRequest.contents: contents is not specified');
    const turns: FakePrompt['turns'] = [];
    for (const [i, content] of (request.contents as unknown[]).entries()) {
      const { role, parts } = (content ?? {}) as { role?: unknown; parts?: unknown };
      if (role !== 'user' && role !== 'model') return refuseWith(format, 400, `* GenerateContentRequest.contents[${i}].role: Please use a valid role: user, model.`);
      const decoded = decodeParts(parts, i);
      if (typeof decoded === 'string') return refuseWith(format, 400, decoded);
      turns.push({ role: role === 'model' ? 'assistant' : 'user', content: decoded });
    }

    const config = request.generationConfig as { maxOutputTokens?: unknown } | undefined;
    const limit = config?.maxOutputTokens;
    if (limit !== undefined && (!Number.isInteger(limit) || (limit as number) < 1)) return refuseWith(format, 400, "Invalid value at 'generation_config.max_output_tokens'");
    return { prompt: promptOf(model, system, turns, (limit as number | undefined) ?? null) };
  },

  text(reply, prompt, id) {
    const usage = reply.usage ?? estimatedUsage(prompt, reply.text);
    const thought = reply.thinking ? [{ text: reply.thinking.text, thought: true }] : [];
    const candidate: GeminiCandidate = { content: { parts: [...thought, { text: reply.text }], role: 'model' }, finishReason: reply.stopReason ?? 'STOP', index: 0 };
    return answer(id, reply.model ?? prompt.model, candidate, { ...usage, thoughts: reply.thinking?.tokens });
  },

  refusal(prompt, id) {
    const ratings = [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true }];
    return answer(id, prompt.model, { finishReason: 'SAFETY', index: 0, safetyRatings: ratings }, { input: 20, output: 0 });
  },

  error(status, message, options) {
    const details = status === 429 && options?.geminiRetryDelay ? [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: options.geminiRetryDelay }] : undefined;
    return geminiError(status, message, details);
  },
};

function answer(id: string, model: string, candidate: GeminiCandidate, usage: { input: number; output: number; thoughts?: number }) {
  return { status: 200, body: geminiResponse(id, model, candidate, usage) };
}

function decodeParts(parts: unknown, index: number): FakeContentPart[] | string {
  if (!Array.isArray(parts) || parts.length === 0) return `* GenerateContentRequest.contents[${index}].parts: contents.parts must not be empty.`;
  const decoded: FakeContentPart[] = [];
  for (const [j, part] of parts.entries()) {
    const where = `contents[${index}].parts[${j}]`;
    const record = (part ?? {}) as { text?: unknown; inlineData?: unknown };
    const keys = Object.keys(record);
    if (keys.length !== 1) return `Invalid value at '${where}': a part holds exactly one of text, inlineData (has ${keys.join(', ') || 'none'}).`;
    if (typeof record.text === 'string') {
      decoded.push({ type: 'text', text: record.text });
      continue;
    }
    const { mimeType, data } = (record.inlineData ?? {}) as { mimeType?: unknown; data?: unknown };
    if (typeof mimeType !== 'string' || !mimeType.startsWith('image/')) return `Invalid value at '${where}.inline_data.mime_type'`;
    const bytes = decodeBase64(data);
    if (!bytes) return `Invalid value at '${where}.inline_data.data' (TYPE_BYTES): Base64 decoding failed.`;
    decoded.push({ type: 'image', mediaType: mimeType, data: bytes });
  }
  return decoded;
}
