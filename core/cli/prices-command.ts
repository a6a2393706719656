import type { PriceList } from '../../schemas/model-prices.ts';
import { priceRow } from '../../schemas/cost-line.ts';
import { withCliApi } from './open-cli-api.ts';

interface PricesOptions {
  json?: boolean;
  workspace?: string;
}

function printPrices(list: PriceList, json: boolean | undefined): void {
  if (json) return void process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
  const table = [['MODEL', 'INPUT', 'OUTPUT', 'CACHE READ', 'CACHE WRITE', 'SOURCE'], ...list.prices.map(priceRow)];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  process.stdout.write(`${table.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ').trimEnd()).join('\n')}\n`);
  process.stderr.write(`US dollars per million tokens. Shipped prices as published on ${list.checkedOn}; a workspace's own prices replace them.\n`);
}

/** `lhb prices list`: every model's price per million tokens, the shipped table's date and each price's source, and this workspace's own prices. */
export async function runPricesList(options: PricesOptions): Promise<void> {
  await withCliApi(options.workspace, async (api) => printPrices(await api.call('prices.list', {}), options.json), { access: 'read' });
}

/** `lhb prices set MODEL --input X --output Y [--cache-read Z] [--cache-write W]`: this workspace's own price of a model. */
export async function runPricesSet(model: string, options: PricesOptions & { input: number; output: number; cacheRead?: number; cacheWrite?: number }): Promise<void> {
  await withCliApi(options.workspace, async (api) => {
    const list = await api.call('prices.set', {
      model,
      inputPerMillion: options.input,
      outputPerMillion: options.output,
      ...(options.cacheRead === undefined ? {} : { cacheReadPerMillion: options.cacheRead }),
      ...(options.cacheWrite === undefined ? {} : { cacheWritePerMillion: options.cacheWrite }),
    });
    if (options.json) return printPrices(list, true);
    const entry = list.prices.find((price) => price.model === model.trim());
    process.stdout.write(`${model.trim()} now costs $${entry?.inputPerMillion} in, $${entry?.outputPerMillion} out, $${entry?.cacheReadPerMillion} cache read, $${entry?.cacheWritePerMillion} cache write per million tokens in this workspace.\n`);
  });
}

/** `lhb prices unset MODEL`: removes this workspace's own price; the shipped one, if any, applies again. */
export async function runPricesUnset(model: string, options: PricesOptions): Promise<void> {
  await withCliApi(options.workspace, async (api) => {
    const list = await api.call('prices.unset', { model });
    if (options.json) return printPrices(list, true);
    const shipped = list.prices.find((price) => price.model === model);
    process.stdout.write(shipped ? `${model} uses the shipped price again ($${shipped.inputPerMillion} in, $${shipped.outputPerMillion} out per million tokens).\n` : `${model} has no price now: its runs' and judgments' costs are shown as unknown.\n`);
  });
}
