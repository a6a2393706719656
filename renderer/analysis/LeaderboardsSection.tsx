import { useMemo } from 'react';
import type { AnalysisTables } from '../../schemas/analysis.ts';
import { ChartFigure } from './ChartFigure.tsx';
import { ReportTable } from './ReportTable.tsx';
import { tableView } from './table-view.ts';
import { leaderboardChart } from './report-charts.ts';
import { ReportRegion } from './ReportRegion.tsx';
import { whiskerChart } from './whisker-chart.ts';

type Section = AnalysisTables['leaderboards'][number];

/** One part per tier and rubric set version: its 3- and 5-point tables one after the other, their charts side by side. */
export function LeaderboardsSection({ leaderboards }: { leaderboards: AnalysisTables['leaderboards'] }) {
  return (
    <ReportRegion title="Leaderboards">
      <p className="muted">
        A run&apos;s score is the weighted mean of one rubric set&apos;s rubrics, averaged over the judges; each configuration&apos;s score is its mean over tasks, with a
        95% bootstrap interval over tasks and their runs. Sets and scales are never mixed: a 3-point set scores 0–2, a 5-point set 1–5. Best first.
      </p>
      {leaderboards.length === 0 ? (
        <p className="analysis-empty">No judgments yet: judge finished runs to fill the process, output and content leaderboards.</p>
      ) : (
        leaderboards.map((section) => <SetLeaderboards key={`${section.tier}:${section.title}`} section={section} />)
      )}
    </ReportRegion>
  );
}

function SetLeaderboards({ section }: { section: Section }) {
  const tables = useMemo(() => section.boards.map((board) => tableView(board.table)), [section]);
  const charts = useMemo(() => section.boards.map((board) => whiskerChart(leaderboardChart(section, board))), [section]);
  return (
    <ReportRegion title={section.title} level={3}>
      {tables.map((table) => (
        <ReportTable key={table.id} table={table} />
      ))}
      <div className="analysis-pair">
        {charts.map((chart, i) => (
          <ChartFigure key={section.boards[i]!.table.id} chart={chart} fileName={section.boards[i]!.table.id} />
        ))}
      </div>
    </ReportRegion>
  );
}
