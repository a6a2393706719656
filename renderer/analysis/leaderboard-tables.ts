import type { Leaderboard } from '../../schemas/analysis.ts';
import { byDescending } from './config-labels.ts';
import { formatDecimal, formatInterval } from './format-number.ts';
import { cell, columns, type TableModel } from './table-model.ts';
import type { WhiskerChartSpec } from './whisker-chart.ts';

export const TIER_TITLES = { process: 'Process', output: 'Output', content: 'Content' } as const;

const NO_SCORE = 'No judgments of this configuration in this tier';
const NO_INTERVAL = 'No interval: fewer than two tasks scored';

/** Rows by mean score, best first (configurations without scores last). */
export const sortedRows = (board: Leaderboard) => [...board.rows].sort(byDescending((r) => r.mean));

export function leaderboardTable(board: Leaderboard): TableModel {
  return {
    id: `leaderboard-${board.tier}`,
    caption: `${TIER_TITLES[board.tier]} tier leaderboard: mean judge score (1–5) with 95% bootstrap interval over tasks`,
    columns: columns('Configuration', 'Mean', { label: '95% CI', csv: ['ci_lo', 'ci_hi'] }, 'n'),
    rows: sortedRows(board).map((r) => [
      cell(r.label),
      cell(formatDecimal(r.mean, 2, NO_SCORE), r.mean),
      cell(formatInterval(formatDecimal(r.lo, 2, NO_INTERVAL), formatDecimal(r.hi, 2, NO_INTERVAL)), [r.lo, r.hi]),
      cell(String(r.n), r.n),
    ]),
  };
}

export function leaderboardChart(board: Leaderboard): WhiskerChartSpec {
  return {
    title: `${TIER_TITLES[board.tier]} tier: mean score with 95% CI`,
    axisLabel: 'Mean judge score (1–5)',
    points: sortedRows(board).map((r) => ({
      label: r.label,
      mean: r.mean,
      lo: r.lo,
      hi: r.hi,
      text: `${formatDecimal(r.mean).text} ${formatInterval(formatDecimal(r.lo), formatDecimal(r.hi)).text}`,
    })),
  };
}

/** Rubrics × configurations (in leaderboard order), the best configuration of each rubric marked. */
export function rubricTable(board: Leaderboard): TableModel {
  const configs = sortedRows(board);
  return {
    id: `rubrics-${board.tier}`,
    caption: `${TIER_TITLES[board.tier]} tier by rubric: mean score per configuration (best marked)`,
    columns: columns('Rubric', ...configs.map((c) => c.label)),
    rows: board.rubrics.map((r) => [
      cell(r.rubric),
      ...configs.map((c) => {
        const mean = r.values.find((v) => v.config === c.config)?.mean ?? null;
        return { ...cell(formatDecimal(mean, 2, 'Not scored on this rubric'), mean), best: r.best === c.config && mean !== null };
      }),
    ]),
  };
}
