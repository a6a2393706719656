import type { Leaderboard } from '../../schemas/analysis.ts';
import type { JudgeTier } from '../../schemas/judge.ts';
import type { TableModel } from '../../schemas/table-model.ts';
import { byDescending } from './by-descending.ts';
import { column, formatTable } from './format-table.ts';

export const TIER_TITLES: Record<JudgeTier, string> = { process: 'Process', output: 'Output', content: 'Content' };

/** Rows by mean score, best first (configurations without scores last). */
const sortedRows = (board: Leaderboard) => [...board.rows].sort(byDescending((r) => r.mean));

/** A tier's configurations by mean score, best first, with the interval and how many tasks it rests on. */
export function leaderboardTable(board: Leaderboard): TableModel {
  return formatTable(
    {
      id: `leaderboard-${board.tier}`,
      caption: `${TIER_TITLES[board.tier]} tier leaderboard: mean judge score (1–5) with 95% bootstrap interval over tasks`,
      columns: [
        column('configuration', 'Configuration', 'text'),
        column('mean', 'Mean', 'score', { missing: 'No judgments of this configuration in this tier' }),
        column('ci', '95% CI', 'score', { interval: true, missing: 'No interval: fewer than two tasks scored' }),
        column('n', 'n', 'count'),
      ],
    },
    sortedRows(board).map((r) => [r.label, r.mean, [r.lo, r.hi], r.n]),
  );
}

/** Rubrics × configurations (in leaderboard order), the best configuration of each rubric marked. */
export function rubricTable(board: Leaderboard): TableModel {
  const configs = sortedRows(board);
  return formatTable(
    {
      id: `rubrics-${board.tier}`,
      caption: `${TIER_TITLES[board.tier]} tier by rubric: mean score per configuration (best marked)`,
      columns: [column('rubric', 'Rubric', 'text'), ...configs.map((c) => column(c.config, c.label, 'score', { missing: 'Not scored on this rubric' }))],
    },
    board.rubrics.map((r) => [
      r.rubric,
      ...configs.map((c) => {
        const mean = r.values.find((v) => v.config === c.config)?.mean ?? null;
        return { value: mean, best: r.best === c.config && mean !== null };
      }),
    ]),
  );
}
