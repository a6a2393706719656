import type { ModelPrice, TokenUsage } from '../../schemas/model-prices.ts';
import type { PriceBook } from './workspace-prices.ts';

/** Dollars for these tokens at this price per million. */
export function tokensAtPrice(tokens: TokenUsage, price: ModelPrice): number {
  return (tokens.input * price.inputPerMillion + tokens.output * price.outputPerMillion + tokens.cacheRead * price.cacheReadPerMillion + tokens.cacheWrite * price.cacheWritePerMillion) / 1_000_000;
}

/**
 * Dollars for tokens by model at the workspace's prices: null with the models that have no price
 * when any model used has none (a partial sum would read as the whole).
 */
export function usageAtPrices(byModel: Readonly<Record<string, TokenUsage>>, prices: PriceBook): { usd: number | null; unpricedModels: string[] } {
  let usd = 0;
  const unpricedModels: string[] = [];
  for (const [model, tokens] of Object.entries(byModel)) {
    if (tokens.input + tokens.output + tokens.cacheRead + tokens.cacheWrite === 0) continue;
    const price = prices.priceOf(model);
    if (price) usd += tokensAtPrice(tokens, price);
    else unpricedModels.push(model);
  }
  return unpricedModels.length > 0 ? { usd: null, unpricedModels: unpricedModels.sort() } : { usd, unpricedModels };
}
