import { z } from 'zod';
import { apiUrl } from '../api-url.ts';
import type { ModelApiClient, ModelPrompt, PromptPart } from '../model-api-client.ts';

/** The Messages API version this client speaks (the only one Anthropic has published). */
export const ANTHROPIC_VERSION = '2023-06-01';

/** Where Messages requests go under the API's version segment. */
export const MESSAGES_PATH = '/messages';

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
 * inside what one JSON response carries.
 */
export const anthropicMessagesClient: ModelApiClient<z.infer<typeof MessageSchema>> = {
  name: 'Anthropic Messages',
  defaultBaseUrl: 'https://api.anthropic.com',
  defaultKeyVariable: 'ANTHROPIC_API_KEY',
  url: (baseUrl) => apiUrl(baseUrl, 'v1', MESSAGES_PATH),
  headers: (apiKey) => ({ 'anthropic-version': ANTHROPIC_VERSION, ...(apiKey ? { 'x-api-key': apiKey } : {}) }),
  body: messagesBody,
  replySchema: MessageSchema,
  read(message) {
    const stop = message.stop_reason ?? null;
    if (stop === 'refusal') return { refused: 'stop_reason refusal' };
    const text = message.content
      .filter((block) => block.type === 'text')
      .map((block) => block.text ?? '')
      .join('');
    if (text.trim() === '' && stop !== 'max_tokens') return { refused: `no text in the reply, stop_reason ${stop ?? 'absent'}` };
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

function messagesBody(model: string, prompt: ModelPrompt): Record<string, unknown> {
  return {
    model,
    max_tokens: prompt.maxOutputTokens,
    ...(prompt.system !== '' ? { system: prompt.system } : {}),
    messages: prompt.turns.map((turn) => ({ role: turn.role, content: turn.content.map(contentBlock) })),
  };
}

function contentBlock(part: PromptPart): Record<string, unknown> {
  if (part.type === 'text') return { type: 'text', text: part.text };
  return { type: 'image', source: { type: 'base64', media_type: part.mediaType, data: part.data.toString('base64') } };
}
