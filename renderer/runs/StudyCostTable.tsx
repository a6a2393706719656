import type { StudyCost } from '../../schemas/model-prices.ts';
import { totalLine } from '../../schemas/cost-line.ts';
import { DataTable, type DataColumn } from '../ui/DataTable.tsx';
import { tokensText } from './study-words.ts';

interface CostRow {
  key: string;
  what: string;
  items: string;
  tokens: StudyCost['total']['tokens'];
  cost: string;
}

const COLUMNS: DataColumn<CostRow>[] = [
  { head: 'Configuration or judge', cell: (row) => row.what },
  { head: 'Counted', className: 'runs-table__nowrap', cell: (row) => row.items },
  { head: 'Tokens', cell: (row) => tokensText(row.tokens) },
  { head: 'Cost', cell: (row) => row.cost },
];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A study's cost by configuration and by judge, and its total, with what each total leaves out when a price or usage is missing. */
export function StudyCostTable({ cost }: { cost: StudyCost }) {
  const rows: CostRow[] = [
    ...cost.configurations.map((c) => {
      const versions = Object.entries(c.versions).map(([name, version]) => `${name} ${version}`).join(', ');
      return { key: `c${c.configIndex}`, what: `${c.harness} · ${c.model}${versions ? ` · ${versions}` : ''}`, items: plural(c.items, 'run', 'runs'), tokens: c.tokens, cost: totalLine(c, 'run') };
    }),
    ...cost.byJudge.map((j) => ({ key: `j${j.judge}\u0000${j.model}`, what: `Judge ${j.judge} · ${j.model}`, items: plural(j.items, 'reply', 'replies'), tokens: j.tokens, cost: totalLine(j, 'reply') })),
  ];
  return (
    <div className="runs-table study-cost">
      <DataTable caption={`What this study cost, by configuration and by judge (prices of ${cost.pricesCheckedOn} and this workspace's own; a harness's own figure where it reported one).`} columns={COLUMNS} rows={rows} rowKey={(row) => row.key} />
      <p className="study-cost__total">
        Agents {totalLine(cost.agents, 'run')} · judges {totalLine(cost.judges, 'reply')} · <strong>total {totalLine(cost.total, 'item')}</strong>
      </p>
    </div>
  );
}
