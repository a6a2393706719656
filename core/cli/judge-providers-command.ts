import { judgeProviderListings } from '../judge/providers/judge-providers.ts';

const COLUMNS = [
  { title: 'PROVIDER', of: 'provider' },
  { title: 'MODEL API', of: 'api' },
  { title: 'EXAMPLE BASE URL', of: 'baseUrl' },
  { title: 'KEY VARIABLE', of: 'apiKeyEnv' },
] as const;

/** `lhb judge providers`: the providers a judges file may name, each with its model API, a base URL of its own service and the variable its key is usually in. */
export function runJudgeProviders(options: { json?: boolean }): void {
  const providers = judgeProviderListings();
  if (options.json) return void process.stdout.write(`${JSON.stringify(providers, null, 2)}\n`);
  const widths = COLUMNS.map((column) => Math.max(column.title.length, ...providers.map((provider) => provider[column.of].length)));
  const row = (cells: string[]) => `${cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')}\n`;
  process.stdout.write(row(COLUMNS.map((column) => column.title)));
  for (const provider of providers) process.stdout.write(row(COLUMNS.map((column) => provider[column.of])));
}
