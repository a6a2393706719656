import { formatRate } from '../../../schemas/format-number.ts';
import { buildPairwiseJudging } from '../pairwise-judging.ts';
import { pairwiseJudgesTable, pairwiseWinRateTable } from '../pairwise-tables.ts';
import { defineSection } from '../report-section-entry.ts';
import { part, say, table } from '../section-blocks.ts';

/**
 * Pairwise judging with swapped sides (`lhb judge --pairwise`): each judge's position bias as its
 * flip rate, beside the humans' own lean to the left, its agreement with the humans on the pairs
 * they voted on, and the win rates its verdicts give. Left out until a pairwise verdict is stored.
 */
export const pairwiseSection = defineSection({
  id: 'pairwise',
  title: 'Pairwise judging',
  compute: ({ db, data, options }) => buildPairwiseJudging(db, data, options),
  tables: (figures) => ({ judges: pairwiseJudgesTable(figures), winRates: pairwiseWinRateTable(figures) }),
  render: ({ pairwise, tables }) => {
    if (pairwise.verdicts === 0) return null;
    const humans = formatRate(pairwise.humans.leftRate, 'No decided vote');
    return {
      blocks: [
        say('muted', `From ${pairwise.verdicts} pairwise verdicts: each judge was shown two runs of a task, blind, and asked twice with the sides swapped; a verdict that flipped with the side counts as a tie.`),
        say('plain', [`Humans' position bias, beside the judges': people chose the left side in `, { text: humans.text, ...(humans.title !== undefined ? { title: humans.title } : {}) }, ` of ${pairwise.humans.decided} decided votes (0.5 is no lean).`]),
        table(tables.pairwise.judges),
        part('Win rates by judge', [table(tables.pairwise.winRates)]),
      ],
    };
  },
  card: 'own',
});
