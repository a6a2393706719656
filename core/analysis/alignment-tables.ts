import type { Alignment } from '../../schemas/analysis.ts';
import type { TableModel } from '../../schemas/table-model.ts';
import { column, formatTable } from './format-table.ts';

const NO_OVERLAP = 'No human vote on a pair this judge scored both sides of';

/** Each judge against the humans: how often it picks the same winner, κ, and both tie rates. */
export function alignmentTable(alignment: Alignment): TableModel {
  return formatTable(
    {
      id: 'human-judge-alignment',
      caption: "Human–judge alignment: agreement and Cohen's κ over A wins / B wins / tie",
      columns: [
        column('judge', 'Judge', 'text'),
        column('n', 'n', 'count'),
        column('agreement', 'Agreement', 'rate', { missing: NO_OVERLAP }),
        column('kappa', 'κ (3-class)', 'kappa'),
        column('human-ties', 'Human tie rate', 'rate', { missing: NO_OVERLAP }),
        column('judge-ties', 'Judge tie rate', 'rate', { missing: NO_OVERLAP }),
      ],
    },
    alignment.judges.map((j) => [
      j.judge,
      j.n,
      j.agreement,
      { value: j.kappa, missing: j.n === 0 ? NO_OVERLAP : 'Undefined: one side never varied' },
      j.humanTieRate,
      j.judgeTieRate,
    ]),
  );
}

/** One judge's win rates per configuration beside the humans'. */
export function alignmentWinRateTable(judge: Alignment['judges'][number]): TableModel {
  return formatTable(
    {
      id: `win-rates-human-vs-${judge.judge.replace(/[^A-Za-z0-9.-]+/g, '-')}`,
      caption: `Win rates by configuration: humans vs ${judge.judge}`,
      columns: [
        column('configuration', 'Configuration', 'text'),
        column('human', 'Human win rate', 'rate', { missing: 'No human votes on this configuration' }),
        column('judge', `${judge.judge} win rate`, 'rate', { missing: 'This judge scored no pair with this configuration' }),
        column('difference', 'Difference (judge − human)', 'rate-difference', { missing: 'Needs both win rates' }),
      ],
    },
    judge.winRates.map((r) => [r.label, r.human, r.judge, r.human !== null && r.judge !== null ? r.judge - r.human : null]),
  );
}
