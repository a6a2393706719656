import { useMemo } from 'react';
import type { Recovery } from '../../schemas/analysis.ts';
import { barChart } from './bar-chart.ts';
import { ChartFigure } from './ChartFigure.tsx';
import { ReportTable } from './ReportTable.tsx';
import { readRecovery, recoveryConfigurationChart, recoveryConfigurationTable, recoveryTypeChart, recoveryTypeTable } from './recovery-tables.ts';
import { ReportRegion } from './ReportRegion.tsx';

/** Error → recovery: how often a run got past its own failures, per error type and per configuration. */
export function RecoverySection({ recovery }: { recovery: Recovery }) {
  const reading = useMemo(() => readRecovery(recovery), [recovery]);
  const byType = useMemo(() => recoveryTypeTable(recovery), [recovery]);
  const byTypeChart = useMemo(() => barChart(recoveryTypeChart(recovery)), [recovery]);
  const byConfiguration = useMemo(() => recoveryConfigurationTable(recovery), [recovery]);
  const byConfigurationChart = useMemo(() => barChart(recoveryConfigurationChart(recovery)), [recovery]);
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
