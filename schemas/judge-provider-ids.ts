/**
 * The judge providers, by the name a judges file gives (`"provider": "openai"`). Each is an entry
 * of core/judge/providers/judge-providers.ts, over one model API's folder in core/model-apis/.
 * Without zod, so `lhb --help` can list them without loading it.
 */
export const JUDGE_PROVIDER_IDS = ['openai', 'anthropic', 'gemini'] as const;

/** `"openai"|"anthropic"|"gemini"`: the providers as help texts and messages list them. */
export const judgeProviderChoices = (): string => JUDGE_PROVIDER_IDS.map((id) => `"${id}"`).join('|');
