import type { AnalysisTables } from '../../schemas/analysis.ts';
import type { BarChartModel, HeatmapChartModel, WhiskerChartModel } from '../../schemas/report-section.ts';
import { columnIndex, type TableCell, type TableModel } from '../../schemas/table-model.ts';

// The report's charts as data, each made from the table beside it: the same rows in the same
// order, the same values, and the same printed text as the table. The Analysis screen draws them
// (renderer/analysis/draw-chart.ts).

const numberOf = (cell: TableCell | undefined): number | null => (typeof cell?.value === 'number' ? cell.value : null);
const intervalOf = (cell: TableCell | undefined): [number | null, number | null] => (Array.isArray(cell?.value) ? cell.value : [null, null]);

/** One dot and whisker per row: the `estimate` column and the `ci` interval column. */
function whiskers(table: TableModel, title: string, axisLabel: string, estimate: string): WhiskerChartModel {
  const [at, ci] = [columnIndex(table, estimate), columnIndex(table, 'ci')];
  return {
    kind: 'whisker',
    title,
    axisLabel,
    points: table.rows.map((row) => {
      const [lo, hi] = intervalOf(row[ci]);
      return { label: row[0]?.text ?? '', mean: numberOf(row[at]), lo, hi, text: `${row[at]?.text ?? ''} ${row[ci]?.text ?? ''}` };
    }),
  };
}

/** A matrix table (a row head, then one column per compared thing) as a heatmap grid. */
function heatmap(table: TableModel, title: string, subtitle: string, scale: HeatmapChartModel['scale']): HeatmapChartModel {
  return {
    kind: 'heatmap',
    title,
    subtitle,
    rowLabels: table.rows.map((row) => row[0]?.text ?? ''),
    columnLabels: table.columns.slice(1).map((column) => column.header),
    cells: table.rows.map((row) => row.slice(1).map((cell) => ({ value: numberOf(cell), text: cell.text }))),
    scale,
  };
}

/** One bar per row of a recovery table: its rate, interval, and how many errors it rests on. */
function recoveryBars(table: TableModel, title: string): BarChartModel {
  const [rate, ci, recovered, errors] = ['rate', 'ci', 'recovered', 'errors'].map((key) => columnIndex(table, key)) as [number, number, number, number];
  return {
    kind: 'bar',
    title,
    axisLabel: 'Errors recovered',
    bars: table.rows.map((row) => {
      const [lo, hi] = intervalOf(row[ci]);
      return { label: row[0]?.text ?? '', value: numberOf(row[rate]), lo, hi, text: row[rate]?.text ?? '', detail: `${row[recovered]?.text} of ${row[errors]?.text} errors recovered` };
    }),
  };
}

/** One set's leaderboard at one scale: its score and interval per configuration, on that scale's own axis. */
export const leaderboardChart = (section: Pick<AnalysisTables['leaderboards'][number], 'title'>, board: AnalysisTables['leaderboards'][number]['boards'][number]): WhiskerChartModel =>
  whiskers(board.table, `${section.title}, ${board.title}: score with 95% CI`, `Score (${board.scale === 3 ? '0–2' : '1–5'})`, 'mean');

export const eloChart = (elo: TableModel): WhiskerChartModel => whiskers(elo, 'Bradley–Terry Elo with 95% CI', 'Elo rating', 'elo');

/** κ from −1 (orange) through 0, chance (grey), to 1 (blue). */
export const agreementHeatmap = (matrix: TableModel): HeatmapChartModel =>
  heatmap(matrix, 'Agreement matrix: quadratic κ between judges', 'Each cell: κ of the row judge with the column judge (0 = chance, 1 = perfect)', {
    min: -1,
    centre: 0,
    max: 1,
    legend: 'one-decimal',
  });

export const winMatrixHeatmap = (winMatrix: TableModel): HeatmapChartModel =>
  heatmap(winMatrix, 'Win fractions: row against column', "Each cell: how often the row configuration beat the column's (ties count half); 50% = even", {
    min: 0,
    centre: 0.5,
    max: 1,
    legend: 'percent',
  });

export const recoveryTypeChart = (byType: TableModel): BarChartModel => recoveryBars(byType, 'Recovery rate by error type, with 95% CI');

export const recoveryConfigurationChart = (byConfiguration: TableModel): BarChartModel => recoveryBars(byConfiguration, 'Recovery rate by configuration, with 95% CI');
