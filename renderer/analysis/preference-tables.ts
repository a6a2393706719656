import type { AnalysisReport } from '../../schemas/analysis.ts';
import { byDescending, configLabels } from './config-labels.ts';
import { formatDecimal, formatElo, formatInterval, formatKappa, formatPValue, formatRate } from './format-number.ts';
import type { HeatmapSpec } from './heatmap-chart.ts';
import { cell, columns, type TableModel } from './table-model.ts';
import type { WhiskerChartSpec } from './whisker-chart.ts';

const NO_ELO_INTERVAL = 'No interval: too few votes to resample';

const eloRows = (report: AnalysisReport) => [...report.preference.elo].sort(byDescending((r) => r.rating));

export function eloTable(report: AnalysisReport): TableModel {
  return {
    id: 'elo',
    caption: `Bradley–Terry Elo from ${report.preference.votes} human votes, with 95% bootstrap interval`,
    columns: columns('Configuration', 'Elo', { label: '95% CI', csv: ['ci_lo', 'ci_hi'] }),
    rows: eloRows(report).map((r) => [
      cell(r.label),
      cell(formatElo(r.rating), r.rating),
      cell(formatInterval(formatElo(r.lo, NO_ELO_INTERVAL), formatElo(r.hi, NO_ELO_INTERVAL)), [r.lo, r.hi]),
    ]),
  };
}

export function eloChart(report: AnalysisReport): WhiskerChartSpec {
  return {
    title: 'Bradley–Terry Elo with 95% CI',
    axisLabel: 'Elo rating',
    points: eloRows(report).map((r) => ({
      label: r.label,
      mean: r.rating,
      lo: r.lo,
      hi: r.hi,
      text: `${formatElo(r.rating).text} ${formatInterval(formatElo(r.lo), formatElo(r.hi)).text}`,
    })),
  };
}

export function pairwiseTable(report: AnalysisReport): TableModel {
  const label = configLabels(report);
  return {
    id: 'pairwise-tests',
    caption: "Pairwise comparisons: two-sided p-value and Cohen's h of the win proportions",
    columns: columns('Configuration A', { label: 'Configuration B', text: true }, 'p', "Cohen's h"),
    rows: report.preference.pairwise.map((p) => [
      cell(label(p.a)),
      cell(label(p.b)),
      cell(formatPValue(p.pValue, 'No test: this pair was never compared'), p.pValue),
      cell(formatKappa(p.cohensH, 'No effect size: this pair was never compared'), p.cohensH),
    ]),
  };
}

const winCell = (report: AnalysisReport, i: number, j: number) => report.preference.winMatrix.cells[i]?.[j] ?? null;

export function winMatrixTable(report: AnalysisReport): TableModel {
  const label = configLabels(report);
  const { configs } = report.preference.winMatrix;
  return {
    id: 'win-fractions',
    caption: "Win fraction of the row configuration against the column's (ties count half)",
    columns: columns('Row vs column', ...configs.map(label)),
    rows: configs.map((row, i) => [cell(label(row)), ...configs.map((_, j) => cell(formatRate(winCell(report, i, j), i === j ? 'A configuration never plays itself' : 'Never compared'), winCell(report, i, j)))]),
  };
}

export function winMatrixHeatmap(report: AnalysisReport): HeatmapSpec {
  const label = configLabels(report);
  const { configs } = report.preference.winMatrix;
  return {
    title: 'Win fractions: row against column',
    subtitle: "Each cell: how often the row configuration beat the column's (ties count half); 50% = even",
    rowLabels: configs.map(label),
    columnLabels: configs.map(label),
    cells: configs.map((_, i) => configs.map((__, j) => ({ value: winCell(report, i, j), text: formatRate(winCell(report, i, j)).text }))),
    scale: { min: 0, centre: 0.5, max: 1, format: (v) => `${Math.round(v * 100)}%` },
  };
}

export function winnerQualityTable(report: AnalysisReport): TableModel {
  return {
    id: 'winner-quality',
    caption: 'Quality rating (1–5) of the winning output, by configuration',
    columns: columns('Configuration', 'Mean rating', 'n'),
    rows: report.preference.winnerQuality.byConfig.map((r) => [cell(r.label), cell(formatDecimal(r.mean, 2, 'This configuration never won'), r.mean), cell(String(r.n), r.n)]),
  };
}

export function passRateTable(report: AnalysisReport): TableModel {
  return {
    id: 'pass-rates',
    caption: 'Pass rate by configuration (a judged rating of 4 or more passes)',
    columns: columns('Configuration', 'Pass rate', 'n'),
    rows: report.preference.passRates.map((r) => [cell(r.label), cell(formatRate(r.rate, 'No judged ratings'), r.rate), cell(String(r.n), r.n)]),
  };
}

export function winRateTable(report: AnalysisReport): TableModel {
  return {
    id: 'win-rates',
    caption: 'Human win rates by configuration, with and without ties',
    columns: columns('Configuration', 'Win rate (ties half)', 'Win rate (ties left out)', 'Tie rate'),
    rows: report.preference.winRates.map((r) => [
      cell(r.label),
      cell(formatRate(r.withTies, 'No votes'), r.withTies),
      cell(formatRate(r.withoutTies, 'Every vote was a tie'), r.withoutTies),
      cell(formatRate(r.tieRate, 'No votes'), r.tieRate),
    ]),
  };
}
