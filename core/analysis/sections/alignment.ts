import { buildAlignment } from '../alignment.ts';
import { alignmentJudgesTable, alignmentPairTable, alignmentTitle, alignmentWinRateTable } from '../alignment-tables.ts';
import { defineSection } from '../report-section-entry.ts';
import { part, say, table } from '../section-blocks.ts';

const NO_VOTE_ON_SET = 'No human vote on a pair both of whose runs were scored with this set.';

/** Per tier, rubric set and scale: whether the judges pick the winner people voted for, win rates side by side, and agreement per pair of configurations. */
export const alignmentSection = defineSection({
  id: 'alignment',
  title: 'Human–judge alignment',
  compute: ({ data, sets, options }) => buildAlignment(data, sets, options),
  tables: ({ alignment }) =>
    alignment.groups.map((group) => ({ tier: group.tier, title: alignmentTitle(group), judges: alignmentJudgesTable(group), winRates: alignmentWinRateTable(group), pairs: alignmentPairTable(group) })),
  render: ({ alignment, tables }) => {
    if (!alignment.groups.some((group) => group.together.n > 0)) return { empty: true, blocks: [say('empty', 'Alignment needs human votes on pairs whose two runs the judges have scored.')] };
    return {
      blocks: [
        say(
          'muted',
          'For each rubric set: on the pairs people voted on, the run with the higher score wins and equal scores tie. n counts the votes on pairs whose two runs were scored with the set.',
        ),
        ...tables.alignment.map((group, i) =>
          part(group.title, alignment.groups[i]!.together.n > 0 ? [group.judges, group.winRates, group.pairs].map(table) : [say('empty', NO_VOTE_ON_SET)]),
        ),
      ],
    };
  },
  card: 'rankings',
});
