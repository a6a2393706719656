import type { JudgeConfig } from '../../../schemas/judge.ts';
import type { ApiKeySource } from './api-key.ts';
import { createConcurrencyLimit, withConcurrencyLimit, type ConcurrencyLimit } from './concurrency-limit.ts';
import { judgeLabel } from './judge-label.ts';
import type { JudgeProvider } from './judge-provider.ts';
import { JUDGE_PROVIDERS } from './judge-providers.ts';
import { withRetries, type RetryPolicy } from './with-retries.ts';
import { withTimeout } from './with-timeout.ts';

/** One request per call, in the judge's wire format: no retries, no timeout, no limit. */
export function createProvider(config: JudgeConfig, apiKeys: ApiKeySource = process.env): JudgeProvider {
  return JUDGE_PROVIDERS[config.provider].create(config, apiKeys);
}

export interface JudgeProviderOptions {
  /** Where keys are read from at each request: process.env unless given (Electron passes keychain entries). */
  apiKeys?: ApiKeySource;
  retry?: Partial<RetryPolicy>;
  /** Overrides the judge's timeoutSeconds (tests use fractions of a second). */
  timeoutMs?: number;
}

export interface LimitedJudgeProvider extends JudgeProvider {
  /** The judge's concurrency limit, for showing requests in flight and queued. */
  readonly limit: ConcurrencyLimit;
}

/**
 * The provider the engine uses for a judge: at most maxConcurrency requests in flight, each
 * given timeoutSeconds once it is sent, retried by the retry policy. Create one per judge per
 * job and share it among that judge's requests, so the limit holds across them.
 */
export function createJudgeProvider(config: JudgeConfig, options: JudgeProviderOptions = {}): LimitedJudgeProvider {
  const limit = createConcurrencyLimit(config.maxConcurrency);
  const timed = withTimeout(createProvider(config, options.apiKeys ?? process.env), options.timeoutMs ?? config.timeoutSeconds * 1000, judgeLabel(config));
  const provider = withRetries(withConcurrencyLimit(timed, limit), options.retry);
  return { complete: (request) => provider.complete(request), limit };
}
