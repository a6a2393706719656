import type { Alignment } from '../../schemas/analysis.ts';
import { formatKappa, formatRate } from './format-number.ts';
import { cell, columns, type TableModel } from './table-model.ts';

const NO_OVERLAP = 'No human vote on a pair this judge scored both sides of';

export function alignmentTable(alignment: Alignment): TableModel {
  return {
    id: 'human-judge-alignment',
    caption: "Human–judge alignment: agreement and Cohen's κ over A wins / B wins / tie",
    columns: columns('Judge', 'n', 'Agreement', 'κ (3-class)', 'Human tie rate', 'Judge tie rate'),
    rows: alignment.judges.map((j) => [
      cell(j.judge),
      cell(String(j.n), j.n),
      cell(formatRate(j.agreement, NO_OVERLAP), j.agreement),
      cell(formatKappa(j.kappa, j.n === 0 ? NO_OVERLAP : 'Undefined: one side never varied'), j.kappa),
      cell(formatRate(j.humanTieRate, NO_OVERLAP), j.humanTieRate),
      cell(formatRate(j.judgeTieRate, NO_OVERLAP), j.judgeTieRate),
    ]),
  };
}

export function alignmentWinRateTable(judge: Alignment['judges'][number]): TableModel {
  return {
    id: `win-rates-human-vs-${judge.judge.replace(/[^A-Za-z0-9.-]+/g, '-')}`,
    caption: `Win rates by configuration: humans vs ${judge.judge}`,
    columns: columns('Configuration', 'Human win rate', `${judge.judge} win rate`, 'Difference (judge − human)'),
    rows: judge.winRates.map((r) => {
      const difference = r.human !== null && r.judge !== null ? r.judge - r.human : null;
      return [
        cell(r.label),
        cell(formatRate(r.human, 'No human votes on this configuration'), r.human),
        cell(formatRate(r.judge, 'This judge scored no pair with this configuration'), r.judge),
        cell(difference === null ? { text: '—', title: 'Needs both win rates' } : { text: `${difference > 0 ? '+' : ''}${(difference * 100).toFixed(1)} pp` }, difference),
      ];
    }),
  };
}
