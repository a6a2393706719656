import { inspect } from 'node:util';
import { JudgeConfigSchema, type JudgeConfig, type JudgeProviderId } from '../../../schemas/judge.ts';
import { startFakeAnthropicServer } from '../../model-apis/anthropic-messages/fake-anthropic-server.fixture.ts';
import { startFakeGeminiServer } from '../../model-apis/gemini-generate/fake-gemini-server.fixture.ts';
import { startFakeOpenAiServer } from '../../model-apis/openai-chat/fake-openai-server.fixture.ts';
import type { FakeProviderServer, FakeProviderServerOptions } from '../../model-apis/fake-model-api-server.fixture.ts';
import type { JudgeCompletionRequest } from './judge-provider.ts';

/** The three wire formats' fake servers by provider id, for tests that run once per format. */
export const FAKE_SERVERS: { provider: JudgeProviderId; start: (options?: FakeProviderServerOptions) => Promise<FakeProviderServer> }[] = [
  { provider: 'openai', start: startFakeOpenAiServer },
  { provider: 'anthropic', start: startFakeAnthropicServer },
  { provider: 'gemini', start: startFakeGeminiServer },
];

/** A key that must never appear in an error, a log or a stored row. */
export const FAKE_API_KEY = 'sk-fake-9f8e7d6c5b4a-never-print-me';
export const FAKE_KEY_ENV = 'LHB_FAKE_JUDGE_KEY';
export const FAKE_KEYS: Readonly<Record<string, string>> = { [FAKE_KEY_ENV]: FAKE_API_KEY };

/** A judge pointed at a fake server, with its key in FAKE_KEY_ENV. */
export function fakeJudgeConfig(provider: JudgeProviderId, server: FakeProviderServer, overrides: Partial<JudgeConfig> = {}): JudgeConfig {
  return JudgeConfigSchema.parse({ name: `${provider}-judge`, provider, baseUrl: server.baseUrl, model: `${provider}-test-model`, apiKeyEnv: FAKE_KEY_ENV, ...overrides });
}

/** A 1×1 PNG, real bytes, so an image survives base64 round trips byte for byte. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A prompt with a system preamble, text and an image, as an output-tier judgment sends. */
export function judgeRequest(overrides: Partial<JudgeCompletionRequest> = {}): JudgeCompletionRequest {
  return {
    system: 'You are a strict, evidence-based judge.',
    turns: [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Captured frame, then the ground truth:' },
          { type: 'image', mediaType: 'image/png', data: TINY_PNG },
          { type: 'text', text: 'Return JSON only.' },
        ],
      },
    ],
    maxOutputTokens: 1024,
    signal: new AbortController().signal,
    ...overrides,
  };
}

/** Everything an error shows: message, stack and its causes, as a log would print it. */
export function everythingShownOf(error: unknown): string {
  return inspect(error, { depth: 10 });
}
