import { useMemo } from 'react';
import type { Alignment, AnalysisTables } from '../../schemas/analysis.ts';
import { ReportTable } from './ReportTable.tsx';
import { tableView } from './table-view.ts';
import { ReportRegion } from './ReportRegion.tsx';

/** Whether each judge picks the same winner as the humans, and the win rates side by side. */
export function AlignmentSection({ alignment, tables }: { alignment: Alignment; tables: AnalysisTables['alignment'] }) {
  const summary = useMemo(() => tableView(tables.judges), [tables]);
  const perJudge = useMemo(() => tables.winRates.map(tableView), [tables]);
  return (
    <ReportRegion title="Human–judge alignment">
      {alignment.judges.length === 0 ? (
        <p className="analysis-empty">Alignment needs human votes on pairs whose two runs a judge has scored.</p>
      ) : (
        <>
          <p className="muted">n counts human votes on pairs whose two runs this judge scored, so the judge's verdict on the same pair can be compared with the human's.</p>
          <ReportTable table={summary} />
          {perJudge.map((table) => (
            <ReportTable key={table.id} table={table} />
          ))}
        </>
      )}
    </ReportRegion>
  );
}
