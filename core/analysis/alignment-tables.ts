import type { AlignmentGroup } from '../../schemas/analysis.ts';
import type { TableModel } from '../../schemas/table-model.ts';
import { column, formatTable } from './format-table.ts';
import { scaleTitle, setStem, tierSetTitle } from './leaderboard-tables.ts';

const NO_OVERLAP = 'No human vote on a pair both of whose runs were scored';
const KAPPA_UNDEFINED = 'Undefined: one side never varied';

/** "Output tier · figma-output v2 · 5-point scale (1–5)": the set an alignment group is of. */
export const alignmentTitle = (group: AlignmentGroup): string => `${tierSetTitle(group)} · ${scaleTitle(group.scale)}`;

/** The judges together and each judge against the humans: how often the scores pick the voted winner, κ, and both tie rates. */
export function alignmentJudgesTable(group: AlignmentGroup): TableModel {
  return formatTable(
    {
      id: `alignment-${setStem(group)}`,
      caption: `Human–judge alignment, ${alignmentTitle(group)}: on the pairs people voted on, the run with the higher set score wins (equal scores tie); agreement and Cohen's κ over A wins / B wins / tie`,
      columns: [
        column('judge', 'Judge', 'text'),
        column('n', 'n', 'count'),
        column('agreement', 'Agreement', 'rate', { missing: NO_OVERLAP }),
        column('kappa', 'κ (3-class)', 'kappa'),
        column('human-ties', 'Human tie rate', 'rate', { missing: NO_OVERLAP }),
        column('judge-ties', 'Judge tie rate', 'rate', { missing: NO_OVERLAP }),
      ],
    },
    [group.together, ...group.judges].map((j) => [j.judge, j.n, j.agreement, { value: j.kappa, missing: j.n === 0 ? NO_OVERLAP : KAPPA_UNDEFINED }, j.humanTieRate, j.judgeTieRate]),
  );
}

/** Each configuration's win rate from the votes beside the one the judges' scores imply on the same pairs: together, then each judge. */
export function alignmentWinRateTable(group: AlignmentGroup): TableModel {
  const judgeRate = (judge: AlignmentGroup['judges'][number], config: string) => judge.winRates.find((r) => r.config === config)?.judge ?? null;
  return formatTable(
    {
      id: `alignment-win-rates-${setStem(group)}`,
      caption: `Win rates by configuration, humans vs judges, ${alignmentTitle(group)}: the votes' win rate and the one the scores imply on the same pairs (ties count half)`,
      columns: [
        column('configuration', 'Configuration', 'text'),
        column('votes', 'Votes', 'count'),
        column('human', 'Human win rate', 'rate', { missing: 'No human votes on this configuration' }),
        column('judge', 'Judges’ win rate', 'rate', { missing: 'No pair with this configuration was scored' }),
        column('difference', 'Difference (judges − human)', 'rate-difference', { missing: 'Needs both win rates' }),
        ...group.judges.map((judge, i) => column(`judge-${i}`, `${judge.judge} win rate`, 'rate', { missing: 'This judge scored no pair with this configuration' })),
      ],
    },
    group.together.winRates.map((r) => [
      r.label,
      r.votes,
      r.human,
      r.judge,
      r.human !== null && r.judge !== null ? r.judge - r.human : null,
      ...group.judges.map((judge) => judgeRate(judge, r.config)),
    ]),
  );
}

/** Per pair of configurations: the votes on it, and how often the judges' scores pick the same outcome, with 3-class κ. */
export function alignmentPairTable(group: AlignmentGroup): TableModel {
  return formatTable(
    {
      id: `alignment-pairs-${setStem(group)}`,
      caption: `Agreement per pair of configurations, ${alignmentTitle(group)}: the judges' mean scores against the votes on that pair, Cohen's κ over A wins / tie / B wins`,
      columns: [
        column('a', 'Configuration A', 'text'),
        column('b', 'Configuration B', 'text'),
        column('n', 'n', 'count'),
        column('agreement', 'Agreement', 'rate', { missing: NO_OVERLAP }),
        column('kappa', 'κ (3-class)', 'kappa', { missing: KAPPA_UNDEFINED }),
      ],
    },
    group.pairs.map((pair) => [pair.aLabel, pair.bLabel, pair.n, pair.agreement, pair.kappa]),
  );
}
