import type { AnalysisTables, Leaderboard, RubricSetKey } from '../../schemas/analysis.ts';
import { formatDecimal, formatValue } from '../../schemas/format-number.ts';
import type { JudgeTier } from '../../schemas/judge.ts';
import type { TableModel } from '../../schemas/table-model.ts';
import { MIN_INTERVAL_CLUSTERS } from '../stats/two-stage-bootstrap.ts';
import { column, formatTable, type CellEntry } from './format-table.ts';
import { rankCells, rankColumn } from './interval-rank-column.ts';

export const TIER_TITLES: Record<JudgeTier, string> = { process: 'Process', output: 'Output', content: 'Content' };

/** What a leaderboard prints instead of an interval resting on one or two tasks. */
export const TOO_FEW_TASKS = 'too few tasks for an interval';

/** "Output tier · figma-output v2", or for judgments made before sets were stored "Output tier · judged before rubric sets were stored". */
export const tierSetTitle = (key: Pick<RubricSetKey, 'tier' | 'rubricSet' | 'version'>): string =>
  `${TIER_TITLES[key.tier]} tier · ${key.rubricSet === '' ? 'judged before rubric sets were stored' : `${key.rubricSet} ${key.version}`}`;

/** "3-point scale (0–2)", "5-point scale (1–5)". */
export const scaleTitle = (scale: 3 | 5): string => `${scale}-point scale (${scale === 3 ? '0–2' : '1–5'})`;

/** A file name stem for one set's table: "output-figma-output-v2-5pt". */
export const setStem = (key: RubricSetKey): string =>
  [key.tier, key.rubricSet, key.version, `${key.scale}pt`]
    .filter((part) => part !== '')
    .join('-')
    .replace(/[^A-Za-z0-9.-]+/g, '-');

const NO_JUDGE_SCORE = 'This judge scored no run of this configuration on every rubric of the set';
const NO_VARIANCE = 'No run of this configuration was scored by two judges or more';
const NO_RUBRIC = 'Not scored on this rubric';

/**
 * Marks the best value of one column (the highest), and every other value printing the same
 * digits as tied with it: a tie is what a reader sees, whatever the digits past the printed ones.
 */
function bestOfColumn(values: readonly (number | null)[]): CellEntry[] {
  const present = values.filter((value): value is number => value !== null);
  if (present.length === 0) return values.map((value) => value);
  const bestText = formatValue('score', Math.max(...present)).text;
  const marked = values.map((value) => value !== null && formatValue('score', value).text === bestText);
  const tied = marked.filter(Boolean).length > 1;
  return values.map((value, i) => (marked[i] ? { value, best: true, tied } : value));
}

/**
 * One set's leaderboard at one scale, best first: its rank by the intervals (interval-rank-column.ts),
 * the score with its 95% two-stage interval (or
 * "too few tasks for an interval"), tasks and runs, each judge's score, the cross-judge variance,
 * and each rubric's mean score with the best configuration of each rubric marked (ties as ties).
 */
export function leaderboardTable(board: Leaderboard): TableModel {
  const notes = [
    board.weights === 'equal' ? 'The set is not stored, so its rubrics weigh alike.' : '',
    board.incompleteScores > 0
      ? `${board.incompleteScores} judge score${board.incompleteScores === 1 ? '' : 's'} of a run left out: that judge did not score every rubric of the set for that run.`
      : '',
  ].filter((note) => note !== '');
  const rubricCells = board.rubrics.map((_, i) => bestOfColumn(board.rows.map((row) => row.rubrics[i] ?? null)));
  const tooFewTasks = (row: Leaderboard['rows'][number]) => `Scored on ${row.tasks} task${row.tasks === 1 ? '' : 's'}: an interval needs ${MIN_INTERVAL_CLUSTERS} or more`;
  const ranks = rankCells(
    board.rows.map((row) => (row.lo === null || row.hi === null ? null : { lo: row.lo, hi: row.hi })),
    (r) => tooFewTasks(board.rows[r]!),
  );
  return formatTable(
    {
      id: `leaderboard-${setStem(board)}`,
      caption:
        `${tierSetTitle(board)} · ${scaleTitle(board.scale)}: score S = Σ wᵢsᵢ over the set's rubrics (weights sum to 1), mean of the judges' scores of a run; ` +
        "each configuration's mean over tasks of its mean over runs, with a 95% two-stage bootstrap interval (tasks, then runs within a task). " +
        "Cross-judge variance: the population variance of the judges' scores of a run, averaged over the runs two or more judges scored. " +
        `Rubric columns: mean score on the rubric (w: its weight), best marked.${notes.length > 0 ? ` ${notes.join(' ')}` : ''}`,
      columns: [
        column('configuration', 'Configuration', 'text'),
        rankColumn(),
        column('mean', 'Score', 'score'),
        column('ci', '95% CI', 'score', { interval: true }),
        column('tasks', 'Tasks', 'count'),
        column('runs', 'Runs', 'count'),
        ...board.judges.map((judge, i) => column(`judge-${i}`, judge, 'score', { missing: NO_JUDGE_SCORE })),
        column('cross-judge-variance', 'Cross-judge variance', 'variance', { missing: NO_VARIANCE }),
        ...board.rubrics.map((r, i) => column(`rubric-${i}`, `${r.rubric} (w ${formatDecimal(r.weight, 2).text})`, 'score', { missing: NO_RUBRIC })),
      ],
    },
    board.rows.map((row, r) => [
      row.label,
      ranks[r]!,
      row.mean,
      row.lo === null || row.hi === null ? { value: [null, null], text: TOO_FEW_TASKS, missing: tooFewTasks(row) } : [row.lo, row.hi],
      row.tasks,
      row.runs,
      ...board.judges.map((_, i) => row.judges[i] ?? null),
      row.crossJudgeVariance,
      ...rubricCells.map((cells) => cells[r]!),
    ]),
  );
}

/** The leaderboards as the method reports them: a section per tier and set version, its 3- and 5-point tables side by side (figures come sorted so). */
export function leaderboardSections(boards: readonly Leaderboard[]): AnalysisTables['leaderboards'] {
  const sections: AnalysisTables['leaderboards'] = [];
  for (const board of boards) {
    const title = tierSetTitle(board);
    const last = sections.at(-1);
    const entry = { scale: board.scale, title: scaleTitle(board.scale), table: leaderboardTable(board) };
    if (last && last.tier === board.tier && last.title === title) last.boards.push(entry);
    else sections.push({ tier: board.tier, title, boards: [entry] });
  }
  return sections;
}
