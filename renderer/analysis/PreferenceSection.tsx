import { useMemo } from 'react';
import type { AnalysisReport } from '../../schemas/analysis.ts';
import { formatRate } from '../../schemas/format-number.ts';
import { ChartFigure } from './ChartFigure.tsx';
import { tableView } from './table-view.ts';
import { ReportTable } from './ReportTable.tsx';
import { heatmapChart } from './heatmap-chart.ts';
import { eloChart, winMatrixHeatmap } from './report-charts.ts';
import { ReportRegion } from './ReportRegion.tsx';
import { readCycles, readKruskal, readPositionBias, type Reading } from './report-readings.ts';
import { whiskerChart } from './whisker-chart.ts';

/** What the human votes say: ratings, tests, biases and rates. */
export function PreferenceSection({ report }: { report: AnalysisReport }) {
  const { preference } = report;
  const tables = useMemo(() => {
    const models = report.tables.preference;
    return {
      elo: tableView(models.elo),
      eloChart: whiskerChart(eloChart(models.elo)),
      pairwise: tableView(models.pairwise),
      winMatrix: tableView(models.winMatrix),
      heatmap: heatmapChart(winMatrixHeatmap(models.winMatrix)),
      quality: tableView(models.winnerQuality),
      passRates: tableView(models.passRates),
      winRates: tableView(models.winRates),
    };
  }, [report]);

  if (preference.votes === 0) {
    return (
      <ReportRegion title="Human preference">
        <p className="analysis-empty">No arena votes yet: vote in the Arena (or add annotators) and recompute.</p>
      </ReportRegion>
    );
  }

  const discriminating = formatRate(preference.discriminatingShare, 'No task was judged for more than one configuration');
  return (
    <ReportRegion title="Human preference">
      <p className="muted">From {preference.votes} arena votes.</p>
      <ReportRegion title="Bradley–Terry Elo" level={3}>
        <div className="analysis-pair">
          <ReportTable table={tables.elo} />
          <ChartFigure chart={tables.eloChart} fileName="elo" />
        </div>
        {preference.flags.length > 0 && (
          <ul className="analysis-notes" aria-label="Notes on the fit">
            {preference.flags.map((flag) => (
              <li key={flag}>
                <strong>Note: </strong>
                {flag}
              </li>
            ))}
          </ul>
        )}
      </ReportRegion>
      <ReportRegion title="Pairwise comparisons" level={3}>
        <ReportTable table={tables.pairwise} />
        <ChartFigure chart={tables.heatmap} fileName="win-fractions" dataTable={tables.winMatrix} />
      </ReportRegion>
      <ReadingPart title="Position bias" reading={readPositionBias(preference.positionBias)} />
      <ReadingPart title="Transitivity" reading={readCycles(preference.cycles)} />
      <ReportRegion title="Winner quality" level={3}>
        <ReportTable table={tables.quality} />
        <ReadingText reading={readKruskal(preference.winnerQuality.kruskal)} />
      </ReportRegion>
      <ReportRegion title="Pass and win rates" level={3}>
        <ReportTable table={tables.passRates} />
        <p className="analysis-headline">
          Discriminating share:{' '}
          <span title={discriminating.title}>{discriminating.text}</span> of tasks are passed by some configuration and failed by another.
        </p>
        <ReportTable table={tables.winRates} />
      </ReportRegion>
    </ReportRegion>
  );
}

function ReadingPart({ title, reading }: { title: string; reading: Reading }) {
  return (
    <ReportRegion title={title} level={3}>
      <ReadingText reading={reading} />
    </ReportRegion>
  );
}

function ReadingText({ reading }: { reading: Reading }) {
  return (
    <>
      <p className="analysis-headline">{reading.figures}</p>
      {reading.verdict && <p className="analysis-verdict">{reading.verdict}</p>}
    </>
  );
}
