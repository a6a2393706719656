import type { ModelUsage, TokenCounts, Trajectory } from '../../../schemas/trajectory.ts';
import { addTokens, NO_TOKENS } from './token-sums.ts';

/** What one turn's transcript says it used: tokens, tokens by model when the harness says, cost when known. */
export type TurnUsage = Pick<Trajectory, 'tokens' | 'usageByModel' | 'costUsd'>;

export interface ReportedTurnUsage {
  /** What the turn's transcript reported; none when it left no transcript. */
  reported: TurnUsage | undefined;
  /** The turn ran in the run's session: the first turn, and each later one that continued it (`resumed`). */
  inSession: boolean;
}

const FIGURES = ['input', 'output', 'cacheRead', 'cacheWrite'] as const;

const less = (a: TokenCounts, b: TokenCounts): TokenCounts => Object.fromEntries(FIGURES.map((figure) => [figure, Math.max(0, a[figure] - b[figure])])) as TokenCounts;
const larger = (a: TokenCounts, b: TokenCounts): TokenCounts => Object.fromEntries(FIGURES.map((figure) => [figure, Math.max(a[figure], b[figure])])) as TokenCounts;
const costLess = (a: number | null, b: number | null): number | null => (a === null ? null : Math.max(0, a - (b ?? 0)));
const costLarger = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.max(a, b));

/**
 * Each turn's own usage. A harness whose continued turns report the session's running total
 * (`HarnessAdapter.resumedTurnUsage` is `session`) has each turn of the session counted as its
 * report less the largest total the session reported before it, figure by figure (tokens, each
 * model's tokens and cost, the cost), never below nothing: so the turns' own figures add up to the
 * session's last total, and a turn that reported nothing (it failed before its usage was given)
 * leaves its share to the next. A turn sent afresh is a session of its own and reports its own
 * usage, as every turn of a `turn` harness does.
 */
export function turnOwnUsage(turns: readonly ReportedTurnUsage[], resumedTurnUsage: 'turn' | 'session'): (TurnUsage | undefined)[] {
  let before: TurnUsage = { tokens: { ...NO_TOKENS }, costUsd: null };
  const byModelBefore: Record<string, ModelUsage> = {};
  return turns.map(({ reported, inSession }) => {
    if (!reported || resumedTurnUsage === 'turn' || !inSession) return reported;
    const own: TurnUsage = { tokens: less(reported.tokens, before.tokens), costUsd: costLess(reported.costUsd, before.costUsd) };
    before = { tokens: larger(reported.tokens, before.tokens), costUsd: costLarger(reported.costUsd, before.costUsd) };
    if (reported.usageByModel) {
      own.usageByModel = {};
      for (const [model, usage] of Object.entries(reported.usageByModel)) {
        const prior = byModelBefore[model];
        own.usageByModel[model] = { ...less(usage, prior ?? NO_TOKENS), costUsd: costLess(usage.costUsd, prior?.costUsd ?? null) };
        byModelBefore[model] = { ...larger(usage, prior ?? NO_TOKENS), costUsd: costLarger(usage.costUsd, prior?.costUsd ?? null) };
      }
    }
    return own;
  });
}

/**
 * A multi-turn run's usage: its turns' own figures summed (a turn without a transcript adds
 * nothing); the cost is unknown when a turn's is, and tokens by model are kept when the harness gives them.
 */
export function sumTurnUsage(turns: readonly (TurnUsage | undefined)[]): TurnUsage {
  let tokens: TokenCounts = { ...NO_TOKENS };
  let costUsd: number | null = 0;
  const usageByModel: Record<string, ModelUsage> = {};
  for (const turn of turns) {
    if (!turn) continue;
    tokens = addTokens(tokens, turn.tokens);
    costUsd = costUsd === null || turn.costUsd === null ? null : costUsd + turn.costUsd;
    for (const [model, usage] of Object.entries(turn.usageByModel ?? {})) {
      const before = usageByModel[model];
      usageByModel[model] = { ...addTokens(before, usage), costUsd: before?.costUsd === null || usage.costUsd === null ? null : (before?.costUsd ?? 0) + usage.costUsd };
    }
  }
  return Object.keys(usageByModel).length > 0 ? { tokens, costUsd, usageByModel } : { tokens, costUsd };
}
