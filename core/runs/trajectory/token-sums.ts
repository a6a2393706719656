import type { ModelUsage, TokenCounts } from '../../../schemas/trajectory.ts';

export const NO_TOKENS: Readonly<TokenCounts> = Object.freeze({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0 });

/** `a` + `b`, figure by figure; a missing side counts as nothing. */
export function addTokens(a: TokenCounts | null | undefined, b: TokenCounts): TokenCounts {
  return { input: (a?.input ?? 0) + b.input, output: (a?.output ?? 0) + b.output, cacheRead: (a?.cacheRead ?? 0) + b.cacheRead, cacheWrite: (a?.cacheWrite ?? 0) + b.cacheWrite };
}

/** Every model's tokens together: the run's totals when a harness reports them per model. */
export function totalOfModels(byModel: Readonly<Record<string, ModelUsage>>): TokenCounts {
  let total: TokenCounts = { ...NO_TOKENS };
  for (const usage of Object.values(byModel)) total = addTokens(total, usage);
  return total;
}

/** The steps' own tokens, summed per model (`unknown` for a step that names none). */
export function usageOfSteps(steps: readonly { tokens: TokenCounts | null; model?: string | undefined }[], fallbackModel: string | null): Record<string, ModelUsage> {
  const byModel: Record<string, ModelUsage> = {};
  for (const step of steps) {
    if (!step.tokens) continue;
    const model = step.model ?? fallbackModel ?? 'unknown';
    byModel[model] = { ...addTokens(byModel[model], step.tokens), costUsd: null };
  }
  return byModel;
}
