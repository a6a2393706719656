import { z } from 'zod';
import type { JudgeConfig } from '../../../schemas/judge.ts';
import { readApiKey, type ApiKeySource } from './api-key.ts';
import { apiUrl } from './api-url.ts';
import { judgeLabel } from './judge-label.ts';
import { ProviderError, type JudgeCompletionRequest, type JudgeContentPart, type JudgeProvider } from './judge-provider.ts';
import { postProviderRequest } from './post-provider-request.ts';
import { parseProviderReply, refusedError } from './provider-reply.ts';

type TokenLimitField = 'max_tokens' | 'max_completion_tokens';

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

/**
 * OpenAI Chat Completions (`POST {baseUrl}/chat/completions`), the format vLLM, Ollama, the
 * llama.cpp server and most gateways also speak. Images go as `image_url` parts holding data
 * URLs; text-only turns go as plain strings, which every server accepts. Non-streaming.
 */
export function createOpenAiChatProvider(config: JudgeConfig, apiKeys: ApiKeySource): JudgeProvider {
  const label = judgeLabel(config);
  const url = apiUrl(config.baseUrl, null, '/chat/completions');
  // OpenAI's reasoning models refuse max_tokens and want max_completion_tokens; local servers
  // (llama.cpp, older vLLM and Ollama) know only max_tokens. Start with what the host most likely
  // takes, and if the API names max_completion_tokens in a 400, switch and remember.
  let tokenField: TokenLimitField = new URL(config.baseUrl).hostname === 'api.openai.com' ? 'max_completion_tokens' : 'max_tokens';

  return {
    async complete(request) {
      const apiKey = readApiKey(config, apiKeys);
      const send = (field: TokenLimitField) =>
        postProviderRequest({
          label,
          model: config.model,
          apiKeyEnv: config.apiKeyEnv ?? null,
          url,
          headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
          body: chatCompletionBody(config.model, request, field),
          signal: request.signal,
          apiKey,
        });
      const field = tokenField;
      let reply;
      try {
        reply = await send(field);
      } catch (error) {
        if (!(error instanceof ProviderError && error.kind === 'bad-request' && error.message.includes('max_completion_tokens'))) throw error;
        // From the field this request sent, not the shared one: concurrent requests refused together must all land on the same field.
        const other: TokenLimitField = field === 'max_tokens' ? 'max_completion_tokens' : 'max_tokens';
        tokenField = other;
        reply = await send(other);
      }

      const completion = parseProviderReply(ChatCompletionSchema, reply.body, label, 'OpenAI Chat Completions');
      const choice = completion.choices[0];
      if (!choice) throw refusedError(label, 'the reply has no choices');
      const message = choice.message;
      const finish = choice.finish_reason ?? null;
      if (message?.refusal) throw refusedError(label, `refusal: "${message.refusal.slice(0, 300)}"`);
      if (finish === 'content_filter') throw refusedError(label, 'finish_reason content_filter');
      const content = message?.content;
      const text = typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join('');
      if (text.trim() === '' && finish !== 'length') throw refusedError(label, `an empty message, finish_reason ${finish ?? 'absent'}`);
      return {
        text,
        usage: { input: completion.usage?.prompt_tokens ?? 0, output: completion.usage?.completion_tokens ?? 0 },
        model: completion.model ?? null,
        stopReason: finish,
      };
    },
  };
}

function chatCompletionBody(model: string, request: JudgeCompletionRequest, tokenField: TokenLimitField): Record<string, unknown> {
  const messages: unknown[] = [];
  if (request.system !== '') messages.push({ role: 'system', content: request.system });
  for (const turn of request.turns) messages.push({ role: turn.role, content: chatContent(turn.content) });
  return { model, messages, [tokenField]: request.maxOutputTokens, stream: false };
}

function chatContent(parts: JudgeContentPart[]): string | unknown[] {
  if (parts.every((part) => part.type === 'text')) return parts.map((part) => part.text).join('\n\n');
  return parts.map((part) =>
    part.type === 'text' ? { type: 'text', text: part.text } : { type: 'image_url', image_url: { url: `data:${part.mediaType};base64,${part.data.toString('base64')}` } },
  );
}
