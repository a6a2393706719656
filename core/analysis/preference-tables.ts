import type { AnalysisFigures } from '../../schemas/analysis.ts';
import type { TableModel } from '../../schemas/table-model.ts';
import { byDescending } from './by-descending.ts';
import { eloIntervalWithheld } from './elo-interval-support.ts';
import { column, formatTable } from './format-table.ts';
import { rankCells, rankColumn } from './interval-rank-column.ts';

type Report = Pick<AnalysisFigures, 'study' | 'preference'>;

/** Looks up a configuration's label by id; an unknown id shows as itself. */
function configLabels(report: Report): (id: string) => string {
  const labels = new Map(report.study.configurations.map((c) => [c.id, c.label]));
  return (id) => labels.get(id) ?? id;
}

/** Bradley–Terry Elo, best first, with its rank by the intervals (interval-rank-column.ts) and its bootstrap interval, or words where the interval would mislead (elo-interval-support.ts). */
export function eloTable(report: Report): TableModel {
  const rows = [...report.preference.elo].sort(byDescending((r) => r.rating));
  const withheld = rows.map(eloIntervalWithheld);
  // A withheld interval ranks nothing: the rule would read a rank from the very interval the table does not trust.
  const ranks = rankCells(
    rows.map((r, i) => (r.lo === null || r.hi === null || withheld[i] !== undefined ? null : { lo: r.lo, hi: r.hi })),
    (i) => (withheld[i] !== undefined ? `its interval is withheld, ${withheld[i]}` : 'too few votes to resample'),
  );
  return formatTable(
    {
      id: 'elo',
      caption: `Bradley–Terry Elo from ${report.preference.votes} human votes, with 95% bootstrap interval`,
      columns: [
        column('configuration', 'Configuration', 'text'),
        rankColumn(),
        column('elo', 'Elo', 'elo'),
        column('ci', '95% CI', 'elo', { interval: true, missing: 'No interval: too few votes to resample' }),
      ],
    },
    rows.map((r, i) => [r.label, ranks[i]!, r.rating, withheld[i] === undefined ? [r.lo, r.hi] : { value: [null, null], text: withheld[i], missing: withheld[i] }]),
  );
}

export function pairwiseTable(report: Report): TableModel {
  const label = configLabels(report);
  return formatTable(
    {
      id: 'pairwise-tests',
      caption: "Pairwise comparisons: two-sided p-value and Cohen's h of the win proportions",
      columns: [
        column('a', 'Configuration A', 'text'),
        column('b', 'Configuration B', 'text'),
        column('p', 'p', 'p-value', { missing: 'No test: this pair was never compared' }),
        // Cohen's h is printed like κ: both are effect sizes read to three decimals.
        column('h', "Cohen's h", 'kappa', { missing: 'No effect size: this pair was never compared' }),
      ],
    },
    report.preference.pairwise.map((p) => [label(p.a), label(p.b), p.pValue, p.cohensH]),
  );
}

/** The row configuration's win fraction against the column's (the heatmap's numbers). */
export function winMatrixTable(report: Report): TableModel {
  const label = configLabels(report);
  const { configs, cells } = report.preference.winMatrix;
  return formatTable(
    {
      id: 'win-fractions',
      caption: "Win fraction of the row configuration against the column's (ties count half)",
      columns: [column('configuration', 'Row vs column', 'text'), ...configs.map((config) => column(config, label(config), 'rate', { missing: 'Never compared' }))],
    },
    configs.map((row, i) => [label(row), ...configs.map((_, j) => ({ value: cells[i]?.[j] ?? null, ...(i === j ? { missing: 'A configuration never plays itself' } : {}) }))]),
  );
}

export function winnerQualityTable(report: Report): TableModel {
  return formatTable(
    {
      id: 'winner-quality',
      caption: 'Quality rating (1–5) of the winning output, by configuration',
      columns: [column('configuration', 'Configuration', 'text'), column('mean', 'Mean rating', 'score', { missing: 'This configuration never won' }), column('n', 'n', 'count')],
    },
    report.preference.winnerQuality.byConfig.map((r) => [r.label, r.mean, r.n]),
  );
}

export function passRateTable(report: Report): TableModel {
  return formatTable(
    {
      id: 'pass-rates',
      caption: 'Pass rate by configuration (a judged rating of 4 or more passes)',
      columns: [column('configuration', 'Configuration', 'text'), column('rate', 'Pass rate', 'rate', { missing: 'No judged ratings' }), column('n', 'n', 'count')],
    },
    report.preference.passRates.map((r) => [r.label, r.rate, r.n]),
  );
}

export function winRateTable(report: Report): TableModel {
  return formatTable(
    {
      id: 'win-rates',
      caption: 'Human win rates by configuration, with and without ties',
      columns: [
        column('configuration', 'Configuration', 'text'),
        column('with-ties', 'Win rate (ties half)', 'rate', { missing: 'No votes' }),
        column('without-ties', 'Win rate (ties left out)', 'rate', { missing: 'Every vote was a tie' }),
        column('ties', 'Tie rate', 'rate', { missing: 'No votes' }),
      ],
    },
    report.preference.winRates.map((r) => [r.label, r.withTies, r.withoutTies, r.tieRate]),
  );
}
