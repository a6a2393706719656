import { z } from 'zod';
import { apiUrl } from '../api-url.ts';
import type { ModelApiClient, ModelPrompt, PromptPart } from '../model-api-client.ts';

/** The field a request's reply limit goes in: OpenAI's reasoning models want max_completion_tokens, local servers know only max_tokens. */
export type TokenLimitField = 'max_tokens' | 'max_completion_tokens';

const ChatCompletionSchema = z.looseObject({
  model: z.string().nullish(),
  choices: z.array(
    z.looseObject({
      message: z
        .looseObject({
          // A string from OpenAI, vLLM, Ollama and llama.cpp; some gateways send an array of parts.
          content: z.union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() }))]).nullish(),
          refusal: z.string().nullish(),
        })
        .nullish(),
      finish_reason: z.string().nullish(),
    }),
  ),
  usage: z.looseObject({ prompt_tokens: z.number().nullish(), completion_tokens: z.number().nullish() }).nullish(),
});

/** The limit field a host most likely takes: OpenAI's own API the newer one, everything else the older. */
export function likelyTokenLimitField(baseUrl: string): TokenLimitField {
  return new URL(baseUrl).hostname === 'api.openai.com' ? 'max_completion_tokens' : 'max_tokens';
}

/**
 * OpenAI Chat Completions (`POST {baseUrl}/chat/completions`), the format vLLM, Ollama, the
 * llama.cpp server and most gateways also speak. Images go as `image_url` parts holding data
 * URLs; text-only turns go as plain strings, which every server accepts. Non-streaming. `body`
 * sends the limit as max_tokens; `openAiChatBody` takes the field.
 */
export const openAiChatClient: ModelApiClient<z.infer<typeof ChatCompletionSchema>> = {
  name: 'OpenAI Chat Completions',
  defaultBaseUrl: 'https://api.openai.com/v1',
  defaultKeyVariable: 'OPENAI_API_KEY',
  url: (baseUrl) => apiUrl(baseUrl, null, '/chat/completions'),
  headers: (apiKey): Record<string, string> => (apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
  body: (model, prompt) => openAiChatBody(model, prompt, 'max_tokens'),
  replySchema: ChatCompletionSchema,
  read(completion) {
    const choice = completion.choices[0];
    if (!choice) return { refused: 'the reply has no choices' };
    const message = choice.message;
    const finish = choice.finish_reason ?? null;
    if (message?.refusal) return { refused: `refusal: "${message.refusal.slice(0, 300)}"` };
    if (finish === 'content_filter') return { refused: 'finish_reason content_filter' };
    const content = message?.content;
    const text = typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join('');
    if (text.trim() === '' && finish !== 'length') return { refused: `an empty message, finish_reason ${finish ?? 'absent'}` };
    return {
      text,
      usage: { input: completion.usage?.prompt_tokens ?? 0, output: completion.usage?.completion_tokens ?? 0 },
      model: completion.model ?? null,
      stopReason: finish,
    };
  },
};

export function openAiChatBody(model: string, prompt: ModelPrompt, tokenField: TokenLimitField): Record<string, unknown> {
  const messages: unknown[] = [];
  if (prompt.system !== '') messages.push({ role: 'system', content: prompt.system });
  for (const turn of prompt.turns) messages.push({ role: turn.role, content: chatContent(turn.content) });
  return { model, messages, [tokenField]: prompt.maxOutputTokens, stream: false };
}

function chatContent(parts: PromptPart[]): string | unknown[] {
  if (parts.every((part) => part.type === 'text')) return parts.map((part) => part.text).join('\n\n');
  return parts.map((part) =>
    part.type === 'text' ? { type: 'text', text: part.text } : { type: 'image_url', image_url: { url: `data:${part.mediaType};base64,${part.data.toString('base64')}` } },
  );
}
