import type { JudgeConfig } from '../../../schemas/judge.ts';
import type { ModelApiClient } from '../../model-apis/model-api-client.ts';
import { readApiKey, type ApiKeySource } from './api-key.ts';
import { judgeLabel } from './judge-label.ts';
import type { JudgeCompletion, JudgeProvider } from './judge-provider.ts';
import { postProviderRequest } from './post-provider-request.ts';
import { parseProviderReply, refusedError } from './provider-reply.ts';

/** A judge over a model API's client: one request per call, its reply read by the API's folder. */
export function createModelApiProvider<Reply>(api: ModelApiClient<Reply>, config: JudgeConfig, apiKeys: ApiKeySource): JudgeProvider {
  const label = judgeLabel(config);
  const url = api.url(config.baseUrl, config.model);
  return {
    async complete(request) {
      const apiKey = readApiKey(config, apiKeys);
      const reply = await postProviderRequest({
        label,
        model: config.model,
        apiKeyEnv: config.apiKeyEnv ?? null,
        url,
        headers: api.headers(apiKey),
        body: api.body(config.model, request),
        signal: request.signal,
        apiKey,
      });
      return answerOf(api, reply.body, label);
    },
  };
}

/** A 2xx body as the judge's completion, or the ProviderError saying why there is none. */
export function answerOf<Reply>(api: ModelApiClient<Reply>, body: unknown, label: string): JudgeCompletion {
  const reading = api.read(parseProviderReply(api.replySchema, body, label, api.name));
  if ('refused' in reading) throw refusedError(label, reading.refused);
  return reading;
}
