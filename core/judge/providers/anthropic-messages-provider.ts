import { z } from 'zod';
import type { JudgeConfig } from '../../../schemas/judge.ts';
import { readApiKey, type ApiKeySource } from './api-key.ts';
import { apiUrl } from './api-url.ts';
import { judgeLabel } from './judge-label.ts';
import type { JudgeCompletionRequest, JudgeContentPart, JudgeProvider } from './judge-provider.ts';
import { postProviderRequest } from './post-provider-request.ts';
import { parseProviderReply, refusedError } from './provider-reply.ts';

/** The Messages API version this client speaks (the only one Anthropic has published). */
export const ANTHROPIC_VERSION = '2023-06-01';

const MessageSchema = z.looseObject({
  type: z.literal('message'),
  model: z.string().nullish(),
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
  stop_reason: z.string().nullish(),
  usage: z.looseObject({
    input_tokens: z.number(),
    output_tokens: z.number(),
    cache_creation_input_tokens: z.number().nullish(),
    cache_read_input_tokens: z.number().nullish(),
  }),
});

/**
 * Anthropic Messages (`POST {baseUrl}/v1/messages`, `x-api-key`, `anthropic-version`). Images go
 * as base64 `image` blocks. Non-streaming: a judge's reply is a few thousand tokens at most, well
 * inside what one JSON response carries, and the per-request timeout bounds the wait.
 */
export function createAnthropicMessagesProvider(config: JudgeConfig, apiKeys: ApiKeySource): JudgeProvider {
  const label = judgeLabel(config);
  const url = apiUrl(config.baseUrl, 'v1', '/messages');
  return {
    async complete(request) {
      const apiKey = readApiKey(config, apiKeys);
      const reply = await postProviderRequest({
        label,
        model: config.model,
        apiKeyEnv: config.apiKeyEnv ?? null,
        url,
        headers: { 'anthropic-version': ANTHROPIC_VERSION, ...(apiKey ? { 'x-api-key': apiKey } : {}) },
        body: messagesBody(config.model, request),
        signal: request.signal,
        apiKey,
      });
      const message = parseProviderReply(MessageSchema, reply.body, label, 'Anthropic Messages');
      const stop = message.stop_reason ?? null;
      if (stop === 'refusal') throw refusedError(label, 'stop_reason refusal');
      const text = message.content
        .filter((block) => block.type === 'text')
        .map((block) => block.text ?? '')
        .join('');
      if (text.trim() === '' && stop !== 'max_tokens') throw refusedError(label, `no text in the reply, stop_reason ${stop ?? 'absent'}`);
      const usage = message.usage;
      return {
        text,
        // Cached prompt tokens are still prompt tokens; the engine prices them at the input rate.
        usage: { input: usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0), output: usage.output_tokens },
        model: message.model ?? null,
        stopReason: stop,
      };
    },
  };
}

function messagesBody(model: string, request: JudgeCompletionRequest): Record<string, unknown> {
  return {
    model,
    max_tokens: request.maxOutputTokens,
    ...(request.system !== '' ? { system: request.system } : {}),
    messages: request.turns.map((turn) => ({ role: turn.role, content: turn.content.map(contentBlock) })),
  };
}

function contentBlock(part: JudgeContentPart): Record<string, unknown> {
  if (part.type === 'text') return { type: 'text', text: part.text };
  return { type: 'image', source: { type: 'base64', media_type: part.mediaType, data: part.data.toString('base64') } };
}
