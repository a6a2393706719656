import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ShippedPriceTableSchema, type ShippedPriceTable } from '../../schemas/model-prices.ts';
import { describeZodIssues } from '../../schemas/lhb-error.ts';
import { packageRoot } from '../app-paths.ts';

/** The price table shipped with the app: dated, each price with the provider page it was read from. */
export const SHIPPED_PRICE_TABLE_FILE = join(packageRoot, 'datasets', 'prices', 'model-prices.json');

let shipped: ShippedPriceTable | undefined;

/** The shipped table, read once per process; a broken file stops with what is wrong in it (it ships with the app, so that is a bug of ours). */
export function shippedPriceTable(): ShippedPriceTable {
  if (shipped) return shipped;
  const parsed = ShippedPriceTableSchema.safeParse(JSON.parse(readFileSync(SHIPPED_PRICE_TABLE_FILE, 'utf8')));
  if (!parsed.success) throw new Error(`The shipped price table ${SHIPPED_PRICE_TABLE_FILE} is not valid: ${describeZodIssues(parsed.error, '', 3)}.`);
  shipped = parsed.data;
  return shipped;
}
