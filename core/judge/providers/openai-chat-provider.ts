import type { JudgeConfig } from '../../../schemas/judge.ts';
import { likelyTokenLimitField, openAiChatBody, openAiChatClient, type TokenLimitField } from '../../model-apis/openai-chat/openai-chat-client.ts';
import { fieldNotTaken } from '../../model-apis/openai-chat/openai-chat-error.ts';
import { readApiKey, type ApiKeySource } from './api-key.ts';
import { judgeLabel } from './judge-label.ts';
import { ProviderError, type JudgeProvider } from './judge-provider.ts';
import { answerOf } from './model-api-provider.ts';
import { postProviderRequest } from './post-provider-request.ts';

/**
 * A judge over OpenAI Chat Completions (core/model-apis/openai-chat), which also finds the
 * host's reply-limit field: OpenAI's reasoning models refuse max_tokens and want
 * max_completion_tokens; local servers (llama.cpp, older vLLM and Ollama) know only max_tokens.
 * It starts with what the host most likely takes, and if a 400 refuses the field it sent as one
 * the model does not take (OpenAI's `param: "max_tokens", code: "unsupported_parameter"`),
 * switches and remembers.
 *
 * Only that structured signal switches. A server whose refusal names no `param` (or names it
 * for its value) is not second-guessed from its message: the request fails as the bad request it
 * is, quoting the server. No such server is known to need it: vLLM, Ollama and llama.cpp take
 * max_tokens, which is what any host but api.openai.com is sent first.
 */
export function createOpenAiChatProvider(config: JudgeConfig, apiKeys: ApiKeySource): JudgeProvider {
  const label = judgeLabel(config);
  const url = openAiChatClient.url(config.baseUrl, config.model);
  let tokenField: TokenLimitField = likelyTokenLimitField(config.baseUrl);

  return {
    async complete(request) {
      const apiKey = readApiKey(config, apiKeys);
      const send = (field: TokenLimitField) =>
        postProviderRequest({
          label,
          model: config.model,
          apiKeyEnv: config.apiKeyEnv ?? null,
          url,
          headers: openAiChatClient.headers(apiKey),
          body: openAiChatBody(config.model, request, field),
          signal: request.signal,
          apiKey,
        });
      const field = tokenField;
      let reply;
      try {
        reply = await send(field);
      } catch (error) {
        if (!(error instanceof ProviderError && error.kind === 'bad-request' && fieldNotTaken(error.errorBody) === field)) throw error;
        // From the field this request sent, not the shared one: concurrent requests refused together must all land on the same field.
        const other: TokenLimitField = field === 'max_tokens' ? 'max_completion_tokens' : 'max_tokens';
        tokenField = other;
        reply = await send(other);
      }
      return answerOf(openAiChatClient, reply.body, label);
    },
  };
}
