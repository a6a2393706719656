import { totalLine } from '../../schemas/cost-line.ts';
import type { JudgeCost } from '../../schemas/model-prices.ts';
import { useConnectedClient } from '../api/connected-client.ts';
import { DataTable, type DataColumn } from '../ui/DataTable.tsx';
import { useJudgingStore } from './judging-store.ts';
import { useStudyCost } from '../runs/use-study-cost.ts';

const count = (n: number) => n.toLocaleString('en');

const COLUMNS: DataColumn<JudgeCost>[] = [
  { head: 'Judge', cell: (row) => row.judge },
  { head: 'Model', cell: (row) => row.model },
  { head: 'Replies', cell: (row) => count(row.items) },
  { head: 'Tokens', cell: (row) => `${count(row.tokens.input)} in / ${count(row.tokens.output)} out` },
  { head: 'Cost', cell: (row) => totalLine(row, 'reply') },
];

/** What each judge cost over every run of the workspace: its replies' own figures, else their tokens at the workspace's prices. */
export function JudgeCostRegion() {
  const client = useConnectedClient();
  // Asked again whenever the judgments are listed again (a judging job ending reloads them).
  const judgments = useJudgingStore((s) => s.judgments);
  const cost = useStudyCost(client, null, String(judgments.length));
  return (
    <section className="screen-region judge-cost" aria-labelledby="judge-cost-title">
      <h2 id="judge-cost-title">What judging cost</h2>
      {!cost ? (
        <p className="muted">Working out what judging cost…</p>
      ) : cost.byJudge.length === 0 ? (
        <p className="muted">No judge has been asked in this workspace yet.</p>
      ) : (
        <>
          <div className="judge-table">
            <DataTable caption={`Each judge's requests over every run (prices of ${cost.pricesCheckedOn} and this workspace's own; a judges file's price where it gave one).`} columns={COLUMNS} rows={cost.byJudge} rowKey={(row) => `${row.judge}\u0000${row.model}`} />
          </div>
          <p>All judges: {totalLine(cost.judges, 'reply')}</p>
        </>
      )}
    </section>
  );
}
