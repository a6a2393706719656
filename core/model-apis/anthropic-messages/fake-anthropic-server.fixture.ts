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
import { anthropicError, anthropicMessage, MESSAGES_ROUTE, type AnthropicContentBlock } from './anthropic-messages-server.ts';

/** Anthropic Messages at `{origin}/v1/messages` (the judge's baseUrl is the origin). */
export function startFakeAnthropicServer(options: FakeProviderServerOptions = {}): Promise<FakeProviderServer> {
  return startFakeProviderServer(anthropicMessagesFormat, options);
}

const MEDIA_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

const anthropicMessagesFormat: FakeWireFormat = {
  name: 'Anthropic Messages',
  baseUrl: (origin) => origin,

  decode({ method, path, headers, body }, apiKey) {
    const format = anthropicMessagesFormat;
    if (method !== 'POST' || path !== MESSAGES_ROUTE) return refuseWith(format, 404, `Not found: ${method} ${path}`);
    if (apiKey !== undefined) {
      if (headers['x-api-key'] === undefined) return refuseWith(format, 401, 'x-api-key header is required');
      if (headers['x-api-key'] !== apiKey) return refuseWith(format, 401, 'invalid x-api-key');
    }
    if (headers['anthropic-version'] === undefined) return refuseWith(format, 400, 'anthropic-version: header is required');
    if (!String(headers['content-type'] ?? '').startsWith('application/json')) return refuseWith(format, 400, 'content-type: must be application/json');
    const request = body as Record<string, unknown> | undefined;
    if (typeof request?.model !== 'string' || request.model === '') return refuseWith(format, 400, 'model: Field required');
    if (!Number.isInteger(request.max_tokens) || (request.max_tokens as number) < 1) return refuseWith(format, 400, 'max_tokens: Field required (an integer of at least 1)');
    if (request.stream === true) return refuseWith(format, 400, 'This fake server does not stream; leave stream unset.');

    let system = '';
    if (typeof request.system === 'string') system = request.system;
    else if (Array.isArray(request.system)) {
      for (const block of request.system as unknown[]) {
        const { type, text } = (block ?? {}) as { type?: unknown; text?: unknown };
        if (type !== 'text' || typeof text !== 'string') return refuseWith(format, 400, 'system: blocks must be text blocks');
        system += text;
      }
    } else if (request.system !== undefined) return refuseWith(format, 400, 'system: Input should be a valid string or a list of text blocks');

    if (!Array.isArray(request.messages) || request.messages.length === 0) return refuseWith(format, 400, 'messages: at least one message is required');
    const turns: FakePrompt['turns'] = [];
    for (const [i, message] of (request.messages as unknown[]).entries()) {
      const { role, content } = (message ?? {}) as { role?: unknown; content?: unknown };
      if (role !== 'user' && role !== 'assistant') return refuseWith(format, 400, `messages.${i}.role: Input should be 'user' or 'assistant'`);
      const expected = i % 2 === 0 ? 'user' : 'assistant';
      if (role !== expected) return refuseWith(format, 400, `messages: roles must alternate between "user" and "assistant", starting with "user" (messages.${i} is "${role}")`);
      const parts = decodeBlocks(content, i);
      if (typeof parts === 'string') return refuseWith(format, 400, parts);
      turns.push({ role, content: parts });
    }
    return { prompt: promptOf(request.model, system, turns, request.max_tokens as number) };
  },

  text(reply, prompt, id) {
    const usage = reply.usage ?? estimatedUsage(prompt, reply.text);
    const thinking: AnthropicContentBlock[] = reply.thinking ? [{ type: 'thinking', thinking: reply.thinking.text, signature: `sig_${id}` }] : [];
    // output_tokens includes the thinking tokens, as the API bills them.
    return answer(id, reply.model ?? prompt.model, [...thinking, { type: 'text', text: reply.text }], reply.stopReason ?? 'end_turn', { input: usage.input, output: usage.output + (reply.thinking?.tokens ?? 0) });
  },

  refusal(prompt, id) {
    return answer(id, prompt.model, [], 'refusal', { input: 20, output: 0 });
  },

  error: (status, text) => anthropicError(status, text, 'req_fake'),
};

function answer(id: string, model: string, content: AnthropicContentBlock[], stopReason: string, usage: { input: number; output: number }) {
  return { status: 200, headers: { 'request-id': `req_${id}` }, body: anthropicMessage(`msg_${id}`, model, content, stopReason, usage) };
}

function decodeBlocks(content: unknown, index: number): FakeContentPart[] | string {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content) || content.length === 0) return `messages.${index}.content: Input should be a string or a non-empty list of content blocks`;
  const parts: FakeContentPart[] = [];
  for (const [j, block] of content.entries()) {
    const where = `messages.${index}.content.${j}`;
    const { type, text, source } = (block ?? {}) as { type?: unknown; text?: unknown; source?: unknown };
    if (type === 'text' && typeof text === 'string') {
      parts.push({ type: 'text', text });
    } else if (type === 'image') {
      const { type: sourceType, media_type: mediaType, data } = (source ?? {}) as { type?: unknown; media_type?: unknown; data?: unknown };
      if (sourceType !== 'base64') return `${where}.source.type: Input should be 'base64'`;
      if (typeof mediaType !== 'string' || !MEDIA_TYPES.has(mediaType)) return `${where}.source.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`;
      const bytes = decodeBase64(data);
      if (!bytes) return `${where}.source.data: The image data is not valid base64.`;
      parts.push({ type: 'image', mediaType, data: bytes });
    } else {
      return `${where}: Input tag '${String(type)}' is not a text or image block`;
    }
  }
  return parts;
}
