import type { Cost, CostTotal, PriceEntry } from './model-prices.ts';

/** Dollars as the CLI and the screens print them: cents for a dollar or more, four places under it (a judge reply costs fractions of a cent). */
export function dollars(usd: number): string {
  return `$${usd >= 1 ? usd.toFixed(2) : usd.toFixed(4)}`;
}

/** One run's or reply's cost: its dollars, or why it is unknown. */
export function costLine(cost: Cost): string {
  if (cost.usd !== null) return dollars(cost.usd);
  if (cost.unpricedModels.length > 0) return `no price for ${cost.unpricedModels.join(', ')}`;
  return 'no usage recorded';
}

/** A total: its dollars, "at least" with what it leaves out when some costs are unknown. */
export function totalLine(total: CostTotal, noun: string): string {
  const unknown = [
    total.unpricedModels.length > 0 ? `no price for: ${total.unpricedModels.join(', ')}` : '',
    total.unrecorded > 0 ? `no usage recorded for ${total.unrecorded} ${noun}${total.unrecorded === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return unknown.length === 0 ? dollars(total.usd) : `at least ${dollars(total.usd)}; ${unknown.join('; ')}`;
}

/** A price row of `lhb prices list`. */
export function priceRow(entry: PriceEntry): string[] {
  const figure = (n: number) => `$${n}`;
  const origin = entry.origin === 'workspace' ? `this workspace (${entry.setAt?.slice(0, 10) ?? ''})${entry.shipped ? `, shipped ${figure(entry.shipped.inputPerMillion)}/${figure(entry.shipped.outputPerMillion)}` : ''}` : (entry.source ?? '');
  return [entry.model, figure(entry.inputPerMillion), figure(entry.outputPerMillion), figure(entry.cacheReadPerMillion), figure(entry.cacheWritePerMillion), origin];
}
