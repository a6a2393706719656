import type { AlignmentGroup } from '../../schemas/analysis.ts';
import type { TableModel } from '../../schemas/table-model.ts';
import { NO_KAPPA_INTERVAL } from './agreement-tables.ts';
import { column, formatTable, type CellEntry } from './format-table.ts';
import { scaleTitle, setStem, tierSetTitle } from './leaderboard-tables.ts';

const NO_OVERLAP = 'No human vote on a pair both of whose runs were scored';
const KAPPA_UNDEFINED = 'Undefined: one side never varied';
const NO_RATE_INTERVAL = 'No interval: the votes fall in fewer than 3 tasks';

/** "Output tier · figma-output v2 · 5-point scale (1–5)": the set an alignment group is of. */
export const alignmentTitle = (group: AlignmentGroup): string => `${tierSetTitle(group)} · ${scaleTitle(group.scale)}`;

/** The judges together and each judge against the humans: how often the scores pick the voted winner, κ, and both tie rates. */
export function alignmentJudgesTable(group: AlignmentGroup): TableModel {
  return formatTable(
    {
      id: `alignment-${setStem(group)}`,
      caption: `Human–judge alignment, ${alignmentTitle(group)}: on the pairs people voted on, the run with the higher set score wins (equal scores tie); agreement and Cohen's κ over A wins / B wins / tie, with its 95% bootstrap interval over the votes' tasks`,
      columns: [
        column('judge', 'Judge', 'text'),
        column('n', 'n', 'count'),
        column('agreement', 'Agreement', 'rate', { missing: NO_OVERLAP }),
        column('kappa', 'κ (3-class)', 'kappa'),
        column('ci', '95% CI', 'kappa', { interval: true, missing: NO_KAPPA_INTERVAL }),
        column('human-ties', 'Human tie rate', 'rate', { missing: NO_OVERLAP }),
        column('judge-ties', 'Judge tie rate', 'rate', { missing: NO_OVERLAP }),
      ],
    },
    [group.together, ...group.judges].map((j) => [j.judge, j.n, j.agreement, { value: j.kappa, missing: j.n === 0 ? NO_OVERLAP : KAPPA_UNDEFINED }, [j.kappaLo, j.kappaHi], j.humanTieRate, j.judgeTieRate]),
  );
}

/**
 * Each configuration's win rate from the votes beside the one the judges' scores imply on the same
 * pairs, and their difference, each with its interval over tasks; then each judge's difference from
 * people on the votes whose two runs that judge scored (its own pairs, which may be fewer).
 */
export function alignmentWinRateTable(group: AlignmentGroup): TableModel {
  const judgeRow = (judge: AlignmentGroup['judges'][number], config: string) => judge.winRates.find((r) => r.config === config);
  const NO_JUDGE_PAIR = 'This judge scored no pair with this configuration';
  return formatTable(
    {
      id: `alignment-win-rates-${setStem(group)}`,
      caption:
        `Win rates by configuration, humans vs judges, ${alignmentTitle(group)}: the votes' win rate and the one the scores imply on the same pairs (ties count half), ` +
        "each with a 95% bootstrap interval over the votes' tasks (the difference paired: both rates on the same resampled tasks). " +
        "A judge's column: its win rate minus people's on the votes whose two runs that judge scored",
      columns: [
        column('configuration', 'Configuration', 'text'),
        column('votes', 'Votes', 'count'),
        column('human', 'Human win rate', 'rate', { missing: 'No human votes on this configuration' }),
        column('human-ci', '95% CI', 'rate', { interval: true, missing: NO_RATE_INTERVAL }),
        column('judge', 'Judges’ win rate', 'rate', { missing: 'No pair with this configuration was scored' }),
        column('judge-ci', '95% CI', 'rate', { interval: true, missing: NO_RATE_INTERVAL }),
        column('difference', 'Difference (judges − human)', 'rate-difference', { missing: 'Needs both win rates' }),
        column('difference-ci', '95% CI', 'rate-difference', { interval: true, missing: NO_RATE_INTERVAL }),
        ...group.judges.flatMap((judge, i) => [
          column(`judge-${i}`, `${judge.judge} − human`, 'rate-difference', { missing: NO_JUDGE_PAIR }),
          column(`judge-${i}-ci`, '95% CI', 'rate-difference', { interval: true, missing: NO_RATE_INTERVAL }),
        ]),
      ],
    },
    group.together.winRates.map((r): CellEntry[] => [
      r.label,
      r.votes,
      r.human,
      [r.humanLo, r.humanHi],
      r.judge,
      [r.judgeLo, r.judgeHi],
      r.difference,
      [r.differenceLo, r.differenceHi],
      ...group.judges.flatMap((judge): CellEntry[] => {
        const row = judgeRow(judge, r.config);
        return row ? [row.difference, [row.differenceLo, row.differenceHi]] : [{ value: null, missing: NO_JUDGE_PAIR }, { value: [null, null], missing: NO_JUDGE_PAIR }];
      }),
    ]),
  );
}

/** Per pair of configurations: the votes on it, and how often the judges' scores pick the same outcome, with 3-class κ. */
export function alignmentPairTable(group: AlignmentGroup): TableModel {
  return formatTable(
    {
      id: `alignment-pairs-${setStem(group)}`,
      caption: `Agreement per pair of configurations, ${alignmentTitle(group)}: the judges' mean scores against the votes on that pair, Cohen's κ over A wins / tie / B wins with its 95% bootstrap interval over the votes' tasks`,
      columns: [
        column('a', 'Configuration A', 'text'),
        column('b', 'Configuration B', 'text'),
        column('n', 'n', 'count'),
        column('agreement', 'Agreement', 'rate', { missing: NO_OVERLAP }),
        column('kappa', 'κ (3-class)', 'kappa', { missing: KAPPA_UNDEFINED }),
        column('ci', '95% CI', 'kappa', { interval: true, missing: NO_KAPPA_INTERVAL }),
      ],
    },
    group.pairs.map((pair) => [pair.aLabel, pair.bLabel, pair.n, pair.agreement, pair.kappa, [pair.kappaLo, pair.kappaHi]]),
  );
}
