import type { Agreement } from '../../schemas/analysis.ts';
import type { TableModel } from '../../schemas/table-model.ts';
import { formatKappa, formatPValue } from '../../schemas/format-number.ts';
import { column, formatTable, type ColumnSpec } from './format-table.ts';
import { TIER_TITLES } from './leaderboard-tables.ts';

const NO_KAPPA = 'Undefined: no item was scored by both judges, or the scores never varied';
/** Why a κ has no interval (task-bootstrap.ts). */
export const NO_KAPPA_INTERVAL = 'No interval: fewer than 3 tasks, or κ undefined in over 5% of resampled tasks';
const ciColumn = (key = 'ci'): ColumnSpec => column(key, '95% CI', 'kappa', { interval: true, missing: NO_KAPPA_INTERVAL });

/** Mean pairwise quadratic κ per rubric and version, with its Landis–Koch band. */
export function agreementRubricTable(agreement: Agreement): TableModel {
  return formatTable(
    {
      id: 'agreement-by-rubric',
      caption: 'Inter-judge agreement by rubric and version: mean pairwise quadratic κ, with its 95% bootstrap interval over tasks',
      columns: [
        column('rubric', 'Rubric', 'text'),
        column('version', 'Version', 'text'),
        column('kappa', 'Mean κ', 'kappa', { missing: NO_KAPPA }),
        ciColumn(),
        column('band', 'Band', 'text', { missing: 'No band without a κ' }),
        column('variance', 'Variance', 'variance', { missing: 'Needs at least two judge pairs with a κ' }),
        column('pairs', 'Judge pairs', 'count'),
      ],
    },
    agreement.perRubric.map((r) => [r.rubric, r.version, r.meanKappa, [r.lo, r.hi], r.band, r.variance, r.pairs.length]),
  );
}

/** The judges × judges κ matrix (the heatmap's numbers, for screen readers and export). */
export function agreementMatrixTable(agreement: Agreement): TableModel {
  return formatTable(
    {
      id: 'agreement-matrix',
      caption: 'Pairwise quadratic κ between judges',
      columns: [column('judge', 'Judge', 'text'), ...agreement.judges.map((judge) => column(judge, judge, 'kappa', { missing: NO_KAPPA }))],
    },
    agreement.judges.map((judge, i) => [judge, ...agreement.judges.map((_, j) => agreement.matrix[i]?.[j] ?? null)]),
  );
}

/** Each pair of judges' quadratic κ over the items both scored, with its interval over tasks (the matrix's numbers, with their uncertainty). */
export function agreementPairTable(agreement: Agreement): TableModel {
  return formatTable(
    {
      id: 'agreement-pairs',
      caption: 'Quadratic κ per pair of judges over the items both scored, with its 95% bootstrap interval over tasks',
      columns: [column('a', 'Judge A', 'text'), column('b', 'Judge B', 'text'), column('n', 'Items', 'count'), column('kappa', 'κ', 'kappa', { missing: NO_KAPPA }), ciColumn()],
    },
    agreement.overall.pairs.map((pair) => [pair.judgeA, pair.judgeB, pair.n, pair.kappa, [pair.lo, pair.hi]]),
  );
}

const setName = (set: Agreement['setComparisons'][number]['a']) => `${set.rubricSet} ${set.version}${set.authoredBy ? ` (${set.authoredBy})` : ''}`;

/** Rubric set versions judged on the same runs, two by two: each one's mean κ, and the paired difference with its interval and p. */
export function agreementSetTable(agreement: Agreement): TableModel {
  return formatTable(
    {
      id: 'agreement-rubric-sets',
      caption:
        "Rubric set versions on the same runs: each set's mean pairwise quadratic κ over its items on the runs both sets were judged on by two judges or more, and B − A with a paired 95% bootstrap interval over tasks (both κ recomputed on the same resampled tasks); p: the two-sided share of resampled differences crossing 0",
      columns: [
        column('set', 'Tier and scale', 'text'),
        column('a', 'Set A', 'text'),
        column('kappa-a', 'κ A', 'kappa', { missing: NO_KAPPA }),
        ciColumn('ci-a'),
        column('b', 'Set B', 'text'),
        column('kappa-b', 'κ B', 'kappa', { missing: NO_KAPPA }),
        ciColumn('ci-b'),
        column('difference', 'κ B − κ A', 'kappa', { missing: 'Needs both κ' }),
        ciColumn('ci'),
        column('p', 'p (paired bootstrap)', 'p-value', { missing: NO_KAPPA_INTERVAL }),
        column('runs', 'Runs', 'count'),
        column('tasks', 'Tasks', 'count'),
      ],
    },
    agreement.setComparisons.map((c) => [
      `${TIER_TITLES[c.tier]} tier · ${c.scale}-point`,
      setName(c.a),
      c.a.meanKappa,
      [c.a.lo, c.a.hi],
      setName(c.b),
      c.b.meanKappa,
      [c.b.lo, c.b.hi],
      c.difference,
      [c.lo, c.hi],
      c.pValue,
      c.runs,
      c.tasks,
    ]),
  );
}

/** One sentence per comparison of rubric set versions, as the method states its 0.46 → 0.60. */
export function readSetComparison(c: Agreement['setComparisons'][number]): string {
  const interval = (lo: number | null, hi: number | null) => (lo === null || hi === null ? 'no interval' : `95% CI [${formatKappa(lo).text}, ${formatKappa(hi).text}]`);
  const p = formatPValue(c.pValue, 'no test');
  return (
    `${TIER_TITLES[c.tier]} tier, ${c.scale}-point: κ ${formatKappa(c.a.meanKappa, '—').text} with ${setName(c.a)} → ${formatKappa(c.b.meanKappa, '—').text} with ${setName(c.b)} ` +
    `on the same ${c.runs} runs of ${c.tasks} tasks; difference ${formatKappa(c.difference, '—').text}, ${interval(c.lo, c.hi)}, paired bootstrap p ${p.title === undefined ? (p.text.startsWith('<') ? p.text : `= ${p.text}`) : '—'}.`
  );
}
