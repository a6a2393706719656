import { JUDGE_PROVIDER_IDS } from '../../../schemas/judge-provider-ids.ts';
import type { JudgeConfig, JudgeProviderId } from '../../../schemas/judge.ts';
import { anthropicMessagesClient } from '../../model-apis/anthropic-messages/anthropic-messages-client.ts';
import { geminiGenerateClient } from '../../model-apis/gemini-generate/gemini-generate-client.ts';
import type { ModelApiClient } from '../../model-apis/model-api-client.ts';
import { openAiChatClient } from '../../model-apis/openai-chat/openai-chat-client.ts';
import type { ApiKeySource } from './api-key.ts';
import type { JudgeProvider } from './judge-provider.ts';
import { createModelApiProvider } from './model-api-provider.ts';
import { createOpenAiChatProvider } from './openai-chat-provider.ts';

/** One judge provider: the model API it speaks, its usual base URL and key variable, and how a judge of it is made. */
export interface JudgeProviderEntry {
  /** The model API it speaks (core/model-apis), named as messages name it. */
  api: Pick<ModelApiClient, 'name'>;
  /** A base URL of the provider's own service, as a judges file gives it. */
  baseUrl: string;
  /** The variable its key is usually kept in. */
  apiKeyEnv: string;
  /** One request per call, in the provider's wire format: no retries, no timeout, no limit. */
  create(config: JudgeConfig, apiKeys: ApiKeySource): JudgeProvider;
}

/**
 * Every judge provider, by the schema's names (schemas/judge-provider-ids.ts): a name there
 * without an entry here does not typecheck. The CLI's help and the judges file's messages name
 * them from the schema's list, and `lhb judge providers` prints this one.
 */
export const JUDGE_PROVIDERS: { readonly [P in JudgeProviderId]: JudgeProviderEntry } = {
  openai: { api: openAiChatClient, baseUrl: openAiChatClient.defaultBaseUrl, apiKeyEnv: openAiChatClient.defaultKeyVariable, create: createOpenAiChatProvider },
  anthropic: {
    api: anthropicMessagesClient,
    baseUrl: anthropicMessagesClient.defaultBaseUrl,
    apiKeyEnv: anthropicMessagesClient.defaultKeyVariable,
    create: (config, apiKeys) => createModelApiProvider(anthropicMessagesClient, config, apiKeys),
  },
  gemini: {
    api: geminiGenerateClient,
    baseUrl: geminiGenerateClient.defaultBaseUrl,
    apiKeyEnv: geminiGenerateClient.defaultKeyVariable,
    create: (config, apiKeys) => createModelApiProvider(geminiGenerateClient, config, apiKeys),
  },
};

/** What `lhb judge providers` prints of a provider: its name in a judges file, its API, a base URL and its usual key variable. */
export interface JudgeProviderListing {
  provider: JudgeProviderId;
  api: string;
  baseUrl: string;
  apiKeyEnv: string;
}

/** Every provider as `lhb judge providers` lists it, in the schema's order. */
export function judgeProviderListings(): JudgeProviderListing[] {
  return JUDGE_PROVIDER_IDS.map((provider) => {
    const entry = JUDGE_PROVIDERS[provider];
    return { provider, api: entry.api.name, baseUrl: entry.baseUrl, apiKeyEnv: entry.apiKeyEnv };
  });
}
