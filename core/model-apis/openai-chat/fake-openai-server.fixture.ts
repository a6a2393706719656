import {
  decodeBase64,
  estimatedUsage,
  promptOf,
  refuseWith,
  startFakeProviderServer,
  type FakeAnswer,
  type FakeContentPart,
  type FakePrompt,
  type FakeProviderServer,
  type FakeProviderServerOptions,
  type FakeWireFormat,
} from '../fake-model-api-server.fixture.ts';
import { CHAT_COMPLETIONS_ROUTE, chatCompletion, openAiError, openAiFieldError } from './openai-chat-server.ts';

export interface FakeOpenAiServerOptions extends FakeProviderServerOptions {
  /**
   * The token limit the server takes: `either` (vLLM, current OpenAI chat models),
   * `max_completion_tokens` (OpenAI's reasoning models refuse max_tokens) or `max_tokens`
   * (servers that do not know max_completion_tokens).
   */
  tokenLimitField?: 'either' | 'max_tokens' | 'max_completion_tokens';
}

/** OpenAI Chat Completions at `{origin}/v1/chat/completions`, as OpenAI, vLLM, Ollama and llama.cpp serve it. */
export function startFakeOpenAiServer(options: FakeOpenAiServerOptions = {}): Promise<FakeProviderServer> {
  return startFakeProviderServer(openAiChatFormat(options.tokenLimitField ?? 'either'), options);
}

const DATA_URL_PREFIX = /^data:(image\/(?:png|jpeg|webp|gif));base64,/;

function openAiChatFormat(tokenLimitField: 'either' | 'max_tokens' | 'max_completion_tokens'): FakeWireFormat {
  const format: FakeWireFormat = {
    name: 'OpenAI Chat Completions',
    baseUrl: (origin) => `${origin}/v1`,

    decode({ method, path, headers, body }, apiKey) {
      if (method !== 'POST' || path !== CHAT_COMPLETIONS_ROUTE) return refuseWith(format, 404, `Invalid URL (${method} ${path})`);
      if (apiKey !== undefined) {
        const presented = /^Bearer (.+)$/.exec(String(headers.authorization ?? ''))?.[1];
        if (presented === undefined) return refuseWith(format, 401, "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).");
        // Echoes the key it was given, unmasked: the worst a gateway does, so redaction is tested against it.
        if (presented !== apiKey) return refuseWith(format, 401, `Incorrect API key provided: ${presented}. You can find your API key at https://platform.openai.com/account/api-keys.`);
      }
      if (!String(headers['content-type'] ?? '').startsWith('application/json')) return refuseWith(format, 400, 'The request must be sent as application/json.');
      const request = body as Record<string, unknown> | undefined;
      if (typeof request?.model !== 'string' || request.model === '') return refuseWith(format, 400, "you must provide a model parameter");
      if (request.stream === true) return refuseWith(format, 400, 'This fake server does not stream; send stream: false.');
      if (!Array.isArray(request.messages) || request.messages.length === 0) return refuseWith(format, 400, "Invalid 'messages': empty array. Expected an array with minimum length 1.");

      const hasMaxTokens = request.max_tokens !== undefined;
      const hasMaxCompletion = request.max_completion_tokens !== undefined;
      if (hasMaxTokens && tokenLimitField === 'max_completion_tokens') {
        return refuseField('max_tokens', 'unsupported_parameter', "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.");
      }
      // A server that predates the field names no param, as OpenAI's own did.
      if (hasMaxCompletion && tokenLimitField === 'max_tokens') return refuseWith(format, 400, 'Unrecognized request argument supplied: max_completion_tokens');
      if (hasMaxTokens && hasMaxCompletion) return refuseWith(format, 400, 'Set either max_tokens or max_completion_tokens, not both.');
      const limit = hasMaxTokens ? request.max_tokens : request.max_completion_tokens;
      const limitField = hasMaxTokens ? 'max_tokens' : 'max_completion_tokens';
      if (limit !== undefined && (!Number.isInteger(limit) || (limit as number) < 1)) return refuseField(limitField, Number.isInteger(limit) ? 'integer_below_min_value' : 'invalid_type', `Invalid '${limitField}': expected an integer of at least 1.`);

      let system = '';
      const turns: FakePrompt['turns'] = [];
      for (const [i, message] of (request.messages as unknown[]).entries()) {
        const { role, content } = (message ?? {}) as { role?: unknown; content?: unknown };
        if (role === 'system' || role === 'developer') {
          const text = textOnly(content);
          if (text === null) return refuseWith(format, 400, `Invalid 'messages[${i}].content': a ${role} message holds text only.`);
          system += text;
          continue;
        }
        if (role !== 'user' && role !== 'assistant') return refuseWith(format, 400, `Invalid value for 'messages[${i}].role': expected one of system, developer, user, assistant.`);
        const parts = decodeContent(content, i, role);
        if (typeof parts === 'string') return refuseWith(format, 400, parts);
        turns.push({ role, content: parts });
      }
      return { prompt: promptOf(request.model, system, turns, (limit as number | undefined) ?? null) };
    },

    text(reply, prompt, id) {
      const usage = reply.usage ?? estimatedUsage(prompt, reply.text);
      // Reasoning servers (vLLM's reasoning parser, DeepSeek) put thinking beside the content; completion_tokens counts both.
      const message = { role: 'assistant', content: reply.text, refusal: null, ...(reply.thinking ? { reasoning_content: reply.thinking.text } : {}) };
      return completion(id, reply.model ?? prompt.model, message, reply.stopReason ?? 'stop', { input: usage.input, output: usage.output + (reply.thinking?.tokens ?? 0) });
    },

    refusal(prompt, id) {
      return completion(id, prompt.model, { role: 'assistant', content: null, refusal: "I'm sorry, but I can't help with that request." }, 'stop', { input: 20, output: 12 });
    },

    error: (status, message) => openAiError(status, message),
  };
  return format;
}

/** A refusal of one field with OpenAI's `param` and `code`, recorded with its message. */
function refuseField(param: string, code: string, message: string): { refuse: FakeAnswer; message: string } {
  return { refuse: openAiFieldError(param, code, message), message };
}

function completion(id: string, model: string, message: Record<string, unknown>, finishReason: string, usage: { input: number; output: number }) {
  return { status: 200, body: chatCompletion(id, model, message, finishReason, usage) };
}

function textOnly(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  const texts = content.map((part) => ((part as { type?: unknown })?.type === 'text' && typeof (part as { text?: unknown }).text === 'string' ? (part as { text: string }).text : null));
  return texts.every((text) => text !== null) ? texts.join('') : null;
}

/** A message's content as parts, or the API's complaint. */
function decodeContent(content: unknown, index: number, role: 'user' | 'assistant'): FakeContentPart[] | string {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content) || content.length === 0) return `Invalid 'messages[${index}].content': expected a string or a non-empty array of content parts.`;
  const parts: FakeContentPart[] = [];
  for (const [j, part] of content.entries()) {
    const where = `messages[${index}].content[${j}]`;
    const { type, text, image_url: imageUrl } = (part ?? {}) as { type?: unknown; text?: unknown; image_url?: unknown };
    if (type === 'text' && typeof text === 'string') {
      parts.push({ type: 'text', text });
    } else if (type === 'image_url') {
      if (role !== 'user') return `Invalid '${where}': image content parts are only allowed in messages with role 'user'.`;
      const url = (imageUrl as { url?: unknown } | undefined)?.url;
      const match = typeof url === 'string' ? DATA_URL_PREFIX.exec(url) : null;
      const data = match ? decodeBase64((url as string).slice(match[0].length)) : null;
      if (!match || !data) return `Invalid '${where}.image_url.url': expected a base64-encoded data URL with an image MIME type (e.g. 'data:image/png;base64,...').`;
      parts.push({ type: 'image', mediaType: match[1]!, data });
    } else {
      return `Invalid '${where}': expected a text part {type: 'text', text} or an image part {type: 'image_url', image_url: {url}}.`;
    }
  }
  return parts;
}
