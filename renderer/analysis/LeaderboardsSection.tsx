import { useMemo } from 'react';
import type { Leaderboard } from '../../schemas/analysis.ts';
import { ChartFigure } from './ChartFigure.tsx';
import { ReportTable } from './ReportTable.tsx';
import { TIER_TITLES, leaderboardChart, leaderboardTable, rubricTable } from './leaderboard-tables.ts';
import { ReportRegion } from './ReportRegion.tsx';
import { whiskerChart } from './whisker-chart.ts';

/** One leaderboard per tier: ranked table, CI chart, per-rubric decomposition. */
export function LeaderboardsSection({ leaderboards }: { leaderboards: Leaderboard[] }) {
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

function TierLeaderboard({ board }: { board: Leaderboard }) {
  const table = useMemo(() => leaderboardTable(board), [board]);
  const chart = useMemo(() => whiskerChart(leaderboardChart(board)), [board]);
  const rubrics = useMemo(() => rubricTable(board), [board]);
  return (
    <ReportRegion title={`${TIER_TITLES[board.tier]} tier`} level={3}>
      {board.rows.length === 0 ? (
        <p className="analysis-empty">No configuration was judged in this tier.</p>
      ) : (
        <>
          <div className="analysis-pair">
            <ReportTable table={table} />
            <ChartFigure chart={chart} fileName={`leaderboard-${board.tier}`} />
          </div>
          {board.rubrics.length > 0 && <ReportTable table={rubrics} />}
        </>
      )}
    </ReportRegion>
  );
}
