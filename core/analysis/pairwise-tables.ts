import type { AnalysisFigures } from '../../schemas/analysis.ts';
import type { TableModel } from '../../schemas/table-model.ts';
import { NO_KAPPA_INTERVAL } from './agreement-tables.ts';
import { column, formatTable } from './format-table.ts';

const NO_RATE_INTERVAL = 'No interval: the pairs fall in fewer than 3 tasks';
const NO_VOTED_PAIR = 'People voted on none of the pairs this judge judged';

/** Each judge's position flips, lean to the side shown first, ties, and agreement with the humans on the pairs they voted on. */
export function pairwiseJudgesTable({ pairwise }: Pick<AnalysisFigures, 'pairwise'>): TableModel {
  return formatTable(
    {
      id: 'pairwise-judges',
      caption:
        'Pairwise judges, sides swapped: each pair asked twice, once with each run shown first; a flip is a pair whose two askings picked different runs (counted as a tie). ' +
        'First-shown rate: of the askings that picked a side, the share that picked the one shown first (0.5 is no lean). ' +
        'Against the humans: on the pairs people voted on, agreement and Cohen’s κ over A / B / tie. Each with a 95% bootstrap interval over tasks',
      columns: [
        column('judge', 'Judge', 'text'),
        column('tier', 'Shown', 'text'),
        column('pairs', 'Pairs', 'count'),
        column('flip-rate', 'Flip rate', 'rate'),
        column('flip-ci', '95% CI', 'rate', { interval: true, missing: NO_RATE_INTERVAL }),
        column('first-rate', 'First-shown rate', 'rate', { missing: 'No asking picked a side' }),
        column('tie-rate', 'Tie rate', 'rate'),
        column('votes', 'Votes compared', 'count'),
        column('agreement', 'Agreement with humans', 'rate', { missing: NO_VOTED_PAIR }),
        column('agreement-ci', '95% CI', 'rate', { interval: true, missing: NO_RATE_INTERVAL }),
        column('kappa', 'κ with humans (3-class)', 'kappa', { missing: NO_VOTED_PAIR }),
        column('kappa-ci', '95% CI', 'kappa', { interval: true, missing: NO_KAPPA_INTERVAL }),
      ],
    },
    pairwise.judges.map((j) => [
      j.judge,
      j.tier,
      j.pairs,
      j.flipRate.estimate,
      [j.flipRate.lo, j.flipRate.hi],
      j.firstRate,
      j.tieRate,
      j.voted.votes,
      j.voted.agreement.estimate,
      [j.voted.agreement.lo, j.voted.agreement.hi],
      { value: j.voted.kappa.estimate, missing: j.voted.votes === 0 ? NO_VOTED_PAIR : 'Undefined: one side never varied' },
      [j.voted.kappa.lo, j.voted.kappa.hi],
    ]),
  );
}

/** Each judge's win rate per configuration from its pairwise verdicts (ties, flips included, count half). */
export function pairwiseWinRateTable({ pairwise }: Pick<AnalysisFigures, 'pairwise'>): TableModel {
  return formatTable(
    {
      id: 'pairwise-win-rates',
      caption: 'Win rates by configuration from the pairwise verdicts, per judge: ties (flips included) count half; each with a 95% bootstrap interval over tasks',
      columns: [
        column('judge', 'Judge', 'text'),
        column('configuration', 'Configuration', 'text'),
        column('games', 'Pairs', 'count'),
        column('win-rate', 'Win rate', 'rate'),
        column('win-ci', '95% CI', 'rate', { interval: true, missing: NO_RATE_INTERVAL }),
      ],
    },
    pairwise.winRates.map((r) => [r.judge, r.label, r.games, r.winRate.estimate, [r.winRate.lo, r.winRate.hi]]),
  );
}
