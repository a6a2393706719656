import type { Database } from 'better-sqlite3';
import type { z } from 'zod';
import { LhbError } from '../../schemas/lhb-error.ts';
import { PriceSetInputSchema, type ModelPrice, type PriceEntry, type PriceList } from '../../schemas/model-prices.ts';
import { deleteModelPriceOverride, listModelPriceOverrides, upsertModelPriceOverride, type ModelPriceOverrideRow } from '../store/model-price-repository.ts';
import { shippedPriceTable } from './shipped-price-table.ts';

/** The prices a workspace computes costs with: a model's price, or undefined when it has none. */
export interface PriceBook {
  priceOf(model: string): ModelPrice | undefined;
  checkedOn: string;
}

const priceOfRow = (row: ModelPriceOverrideRow): ModelPrice => ({
  inputPerMillion: row.input_per_million,
  outputPerMillion: row.output_per_million,
  cacheReadPerMillion: row.cache_read_per_million,
  cacheWritePerMillion: row.cache_write_per_million,
});
const priceOfEntry = ({ inputPerMillion, outputPerMillion, cacheReadPerMillion, cacheWritePerMillion }: ModelPrice): ModelPrice => ({ inputPerMillion, outputPerMillion, cacheReadPerMillion, cacheWritePerMillion });

/** A dated snapshot's name without its date (`claude-sonnet-4-5-20250929` → `claude-sonnet-4-5`), as providers name them. */
const SNAPSHOT_DATE = /-(\d{8}|\d{4}-\d{2}-\d{2})$/;

/** Every model's price in this workspace, its own over the shipped ones, by model name. */
export function listPrices(db: Database): PriceList {
  const table = shippedPriceTable();
  const entries = new Map<string, PriceEntry>();
  for (const { model, provider, source, ...price } of table.prices) entries.set(model, { model, ...priceOfEntry(price), origin: 'shipped', provider, source, shipped: null, setAt: null });
  for (const row of listModelPriceOverrides(db)) {
    const shipped = entries.get(row.model);
    entries.set(row.model, { model: row.model, ...priceOfRow(row), origin: 'workspace', provider: shipped?.provider ?? null, source: null, shipped: shipped ? priceOfEntry(shipped) : null, setAt: row.set_at });
  }
  return { checkedOn: table.checkedOn, prices: [...entries.values()].sort((a, b) => a.model.localeCompare(b.model)) };
}

/**
 * The workspace's price book: a model's price by its exact name, else by its name without a
 * snapshot date; a model of neither name has no price (its cost is unknown, never 0).
 */
export function workspacePriceBook(db: Database): PriceBook {
  const list = listPrices(db);
  const byModel = new Map(list.prices.map((entry) => [entry.model, priceOfEntry(entry)]));
  return { checkedOn: list.checkedOn, priceOf: (model) => byModel.get(model) ?? byModel.get(model.replace(SNAPSHOT_DATE, '')) };
}

/** Sets a model's price in this workspace (cache prices default to the input price); returns the list as it now is. */
export function setWorkspacePrice(db: Database, input: z.input<typeof PriceSetInputSchema>, now: Date): PriceList {
  const parsed = PriceSetInputSchema.parse(input);
  upsertModelPriceOverride(db, {
    model: parsed.model,
    input_per_million: parsed.inputPerMillion,
    output_per_million: parsed.outputPerMillion,
    cache_read_per_million: parsed.cacheReadPerMillion ?? parsed.inputPerMillion,
    cache_write_per_million: parsed.cacheWritePerMillion ?? parsed.inputPerMillion,
    set_at: now.toISOString(),
  });
  return listPrices(db);
}

/** Removes this workspace's own price of a model (the shipped one, if any, applies again); a model it never priced is refused. */
export function unsetWorkspacePrice(db: Database, model: string): PriceList {
  if (!deleteModelPriceOverride(db, model)) {
    const shipped = shippedPriceTable().prices.some((entry) => entry.model === model);
    throw new LhbError('not_found', `This workspace has no price of its own for ${model}${shipped ? ': it uses the shipped price, which cannot be removed (set another with a price of its own)' : ''}. Nothing was changed.`, { field: 'model' });
  }
  return listPrices(db);
}
