import { useMemo } from 'react';
import type { AnalysisTables, Recovery } from '../../schemas/analysis.ts';
import { barChart } from './bar-chart.ts';
import { ChartFigure } from './ChartFigure.tsx';
import { ReportTable } from './ReportTable.tsx';
import { tableView } from './table-view.ts';
import { recoveryConfigurationChart, recoveryTypeChart } from './report-charts.ts';
import { readRecovery } from './report-readings.ts';
import { ReportRegion } from './ReportRegion.tsx';

/** Error → recovery: how often a run got past its own failures, per error type and per configuration. */
export function RecoverySection({ recovery, tables }: { recovery: Recovery; tables: AnalysisTables['recovery'] }) {
  const reading = useMemo(() => readRecovery(recovery), [recovery]);
  const byType = useMemo(() => tableView(tables.byType), [tables]);
  const byTypeChart = useMemo(() => barChart(recoveryTypeChart(tables.byType)), [tables]);
  const byConfiguration = useMemo(() => tableView(tables.byConfiguration), [tables]);
  const byConfigurationChart = useMemo(() => barChart(recoveryConfigurationChart(tables.byConfiguration)), [tables]);
  return (
    <ReportRegion title="Error recovery">
      {recovery.runs === 0 ? (
        <p className="analysis-empty">
          No run with a trajectory yet. Runs executed here (a study in Runs, or <code>lhb runs start</code>) and runs imported with an ATIF trajectory.json (<code>lhb runs import</code>) are counted.
        </p>
      ) : (
        <>
          <p>{reading.figures}</p>
          <p className="muted">{reading.verdict}</p>
          {recovery.byType.length > 0 && (
            <ReportRegion title="By error type" level={3}>
              <div className="analysis-pair">
                <ReportTable table={byType} />
                <ChartFigure chart={byTypeChart} fileName="recovery-by-type" />
              </div>
            </ReportRegion>
          )}
          <ReportRegion title="By configuration" level={3}>
            <div className="analysis-pair">
              <ReportTable table={byConfiguration} />
              <ChartFigure chart={byConfigurationChart} fileName="recovery-by-configuration" />
            </div>
          </ReportRegion>
        </>
      )}
    </ReportRegion>
  );
}
