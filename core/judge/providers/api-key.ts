import type { JudgeConfig } from '../../../schemas/judge.ts';
import { ProviderError } from './judge-provider.ts';

/** Where keys come from: the process environment, or (in Electron) a map filled from the OS keychain. */
export type ApiKeySource = Readonly<Record<string, string | undefined>>;

/**
 * The judge's API key, read from its named variable at the moment of a request (never kept on
 * the provider, so it is not in any object that gets logged or serialised). A judge without
 * `apiKeyEnv` (a local vLLM, Ollama or llama.cpp server) sends no key.
 */
export function readApiKey(config: Pick<JudgeConfig, 'name' | 'provider' | 'apiKeyEnv'>, source: ApiKeySource): string | null {
  if (config.apiKeyEnv === undefined) return null;
  const key = source[config.apiKeyEnv]?.trim();
  if (!key) throw new MissingApiKeyError(config, config.apiKeyEnv);
  return key;
}

/**
 * A judge's key variable is unset or empty. Its message suits a command run from a shell; a
 * server (the app's) reads its environment once, at start, so its callers say to restart it.
 */
export class MissingApiKeyError extends ProviderError {
  override name = 'MissingApiKeyError';
  readonly judge: string;
  readonly variable: string;
  constructor(config: Pick<JudgeConfig, 'name' | 'provider'>, variable: string) {
    super(
      'auth',
      `Judge "${config.name}" (${config.provider}): the environment variable ${variable} is not set or is empty, so there is no API key to send. ` +
        `Set ${variable} to the key and run again (keys are read from the environment only and never stored); nothing was sent.`,
    );
    this.judge = config.name;
    this.variable = variable;
  }
}

/** Removes every occurrence of the key (some APIs echo a wrong key back in their error message). */
export function redactApiKey(text: string, key: string | null): string {
  if (!key) return text;
  return text.split(key).join('[API key]');
}
