import type { Cost, CostTotal, TokenUsage } from '../../schemas/model-prices.ts';

export const NO_USAGE: Readonly<TokenUsage> = Object.freeze({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0 });

export function emptyCostTotal(): CostTotal {
  return { usd: 0, tokens: { ...NO_USAGE }, items: 0, unpricedModels: [], unrecorded: 0 };
}

const addUsage = (a: TokenUsage, b: TokenUsage): TokenUsage => ({ input: a.input + b.input, output: a.output + b.output, cacheRead: a.cacheRead + b.cacheRead, cacheWrite: a.cacheWrite + b.cacheWrite });
const union = (a: readonly string[], b: readonly string[]): string[] => [...new Set([...a, ...b])].sort();

/** `total` with one more item's cost: a known cost adds its dollars; an unknown one names its unpriced models, or counts as unrecorded. */
export function addCost(total: CostTotal, cost: Cost): CostTotal {
  return {
    usd: total.usd + (cost.usd ?? 0),
    tokens: cost.tokens ? addUsage(total.tokens, cost.tokens) : total.tokens,
    items: total.items + 1,
    unpricedModels: union(total.unpricedModels, cost.unpricedModels),
    unrecorded: total.unrecorded + (cost.basis === 'none' ? 1 : 0),
  };
}

/** Two totals as one (a study's agents and its judges). */
export function addTotals(a: CostTotal, b: CostTotal): CostTotal {
  return { usd: a.usd + b.usd, tokens: addUsage(a.tokens, b.tokens), items: a.items + b.items, unpricedModels: union(a.unpricedModels, b.unpricedModels), unrecorded: a.unrecorded + b.unrecorded };
}
