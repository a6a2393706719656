import { useMemo } from 'react';
import type { Agreement, AnalysisTables } from '../../schemas/analysis.ts';
import { ChartFigure } from './ChartFigure.tsx';
import { ReportTable } from './ReportTable.tsx';
import { tableView } from './table-view.ts';
import { heatmapChart } from './heatmap-chart.ts';
import { agreementHeatmap } from './report-charts.ts';
import { ReportRegion } from './ReportRegion.tsx';
import { readOverallAgreement } from './report-readings.ts';

/** How far the judges agree with each other: overall, per rubric, and pair by pair. */
export function AgreementSection({ agreement, tables }: { agreement: Agreement; tables: AnalysisTables['agreement'] }) {
  const overall = readOverallAgreement(agreement.overall);
  const rubrics = useMemo(() => tableView(tables.byRubric), [tables]);
  const matrix = useMemo(() => tableView(tables.matrix), [tables]);
  const heatmap = useMemo(() => heatmapChart(agreementHeatmap(tables.matrix)), [tables]);
  return (
    <ReportRegion title="Inter-judge agreement">
      {agreement.judges.length < 2 ? (
        <p className="analysis-empty">Agreement needs at least two judges scoring the same runs; this workspace has {agreement.judges.length}.</p>
      ) : (
        <>
          <p className="analysis-headline">{overall.figures}</p>
          {overall.verdict && <p className="muted">{overall.verdict}</p>}
          <ReportTable table={rubrics} />
          <ChartFigure chart={heatmap} fileName="agreement-matrix" dataTable={matrix} />
        </>
      )}
    </ReportRegion>
  );
}
