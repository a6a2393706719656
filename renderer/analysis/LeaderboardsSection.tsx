import { useMemo } from 'react';
import type { AnalysisTables } from '../../schemas/analysis.ts';
import { ChartFigure } from './ChartFigure.tsx';
import { ReportTable } from './ReportTable.tsx';
import { tableView } from './table-view.ts';
import { leaderboardChart } from './report-charts.ts';
import { ReportRegion } from './ReportRegion.tsx';
import { whiskerChart } from './whisker-chart.ts';

/** One leaderboard per tier: ranked table, CI chart, per-rubric decomposition. */
export function LeaderboardsSection({ leaderboards }: { leaderboards: AnalysisTables['leaderboards'] }) {
  return (
    <ReportRegion title="Leaderboards">
      <p className="muted">Mean judge score per configuration, 95% bootstrap interval over tasks; best first.</p>
      {leaderboards.length === 0 ? (
        <p className="analysis-empty">No judgments yet: judge finished runs to fill the process, output and content leaderboards.</p>
      ) : (
        leaderboards.map((board) => <TierLeaderboard key={board.tier} board={board} />)
      )}
    </ReportRegion>
  );
}

function TierLeaderboard({ board }: { board: AnalysisTables['leaderboards'][number] }) {
  const table = useMemo(() => tableView(board.ranking), [board]);
  const chart = useMemo(() => whiskerChart(leaderboardChart(board)), [board]);
  const rubrics = useMemo(() => tableView(board.byRubric), [board]);
  return (
    <ReportRegion title={board.title} level={3}>
      {board.ranking.rows.length === 0 ? (
        <p className="analysis-empty">No configuration was judged in this tier.</p>
      ) : (
        <>
          <div className="analysis-pair">
            <ReportTable table={table} />
            <ChartFigure chart={chart} fileName={`leaderboard-${board.tier}`} />
          </div>
          {board.byRubric.rows.length > 0 && <ReportTable table={rubrics} />}
        </>
      )}
    </ReportRegion>
  );
}
