import type { TokenCounts } from '../../../schemas/trajectory.ts';
import type { AtifStep, AtifTrajectory } from './atif-schema.ts';

type AtifMetrics = NonNullable<AtifStep['metrics']>;

function countIn(record: Record<string, unknown> | null | undefined, key: string): number {
  const value = record?.[key];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

/**
 * Whether the file's `prompt_tokens` include its cache-creation tokens. ATIF's prompt_tokens are
 * the whole prompt, cached tokens included; the cache-creation part is in `metrics.extra.
 * cache_creation_input_tokens` (Harbor's Claude Code converter, and ours). Harbor's converter left
 * it out of prompt_tokens (input + cache read only) until harbor #1230 (2026-03-20), without
 * changing schema_version, so the file itself says which: a step whose prompt_tokens are fewer
 * than its cached plus cache-creation tokens cannot have them folded in. Our own files always do.
 */
export function promptHoldsCacheCreation(atif: AtifTrajectory, ours: boolean): boolean {
  if (ours) return true;
  return !atif.steps.some((step) => {
    const metrics = step.metrics;
    if (!metrics || metrics.prompt_tokens == null) return false;
    const creation = countIn(metrics.extra, 'cache_creation_input_tokens');
    return creation > 0 && metrics.prompt_tokens < (metrics.cached_tokens ?? 0) + creation;
  });
}

/** A step's tokens from its metrics (ours have no cached part in `input`), or null when it has none. */
export function atifStepTokens(metrics: AtifMetrics | null | undefined, foldsCacheCreation: boolean): TokenCounts | null {
  if (!metrics || (metrics.prompt_tokens == null && metrics.completion_tokens == null && metrics.cached_tokens == null)) return null;
  const cacheRead = metrics.cached_tokens ?? 0;
  const cacheWrite = countIn(metrics.extra, 'cache_creation_input_tokens');
  return { input: Math.max(0, (metrics.prompt_tokens ?? 0) - cacheRead - (foldsCacheCreation ? cacheWrite : 0)), output: metrics.completion_tokens ?? 0, cacheRead, cacheWrite };
}

/**
 * The run's tokens: `final_metrics` when the file has them (the cache-creation total from its
 * `extra`, else the steps'), else the steps' summed.
 */
export function atifTotalTokens(atif: AtifTrajectory, steps: readonly { tokens: TokenCounts | null }[], foldsCacheCreation: boolean): TokenCounts {
  const sum = (pick: (tokens: TokenCounts) => number) => steps.reduce((total, step) => total + (step.tokens ? pick(step.tokens) : 0), 0);
  const final = atif.final_metrics;
  if (final && (final.total_prompt_tokens != null || final.total_completion_tokens != null)) {
    const cacheRead = final.total_cached_tokens ?? 0;
    const cacheWrite = final.extra && 'total_cache_creation_input_tokens' in final.extra ? countIn(final.extra, 'total_cache_creation_input_tokens') : sum((t) => t.cacheWrite);
    return { input: Math.max(0, (final.total_prompt_tokens ?? 0) - cacheRead - (foldsCacheCreation ? cacheWrite : 0)), output: final.total_completion_tokens ?? 0, cacheRead, cacheWrite };
  }
  return { input: sum((t) => t.input), output: sum((t) => t.output), cacheRead: sum((t) => t.cacheRead), cacheWrite: sum((t) => t.cacheWrite) };
}
