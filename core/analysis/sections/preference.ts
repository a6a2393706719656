import { formatRate } from '../../../schemas/format-number.ts';
import { buildPreference } from '../preference.ts';
import { eloTable, pairwiseTable, passRateTable, winMatrixTable, winnerQualityTable, winRateTable } from '../preference-tables.ts';
import { eloChart, winMatrixHeatmap } from '../report-charts.ts';
import { readCycles, readKruskal, readPositionBias } from '../report-readings.ts';
import { RANK_RULE } from '../interval-rank-column.ts';
import { defineSection } from '../report-section-entry.ts';
import { pair, part, reading, say, table } from '../section-blocks.ts';

/** What the human votes say: ratings, tests, biases and rates. */
export const preferenceSection = defineSection({
  id: 'preference',
  title: 'Human preference',
  compute: ({ data, options }) => buildPreference(data, options),
  tables: (figures) => ({
    elo: eloTable(figures),
    pairwise: pairwiseTable(figures),
    winMatrix: winMatrixTable(figures),
    winnerQuality: winnerQualityTable(figures),
    passRates: passRateTable(figures),
    winRates: winRateTable(figures),
  }),
  render: ({ preference, tables: { preference: tables } }) => {
    if (preference.votes === 0) return { empty: true, blocks: [say('empty', 'No arena votes yet: vote in the Arena (or add annotators) and recompute.')] };
    const discriminating = formatRate(preference.discriminatingShare, 'No task was judged for more than one configuration');
    return {
      blocks: [
        say('muted', `From ${preference.votes} arena votes.`),
        part('Bradley–Terry Elo', [
          say('muted', RANK_RULE),
          pair([table(tables.elo), { kind: 'chart', chart: eloChart(tables.elo), fileName: 'elo' }]),
          ...(preference.flags.length > 0 ? [{ kind: 'notes' as const, label: 'Notes on the fit', items: preference.flags }] : []),
        ]),
        part('Pairwise comparisons', [table(tables.pairwise), { kind: 'chart', chart: winMatrixHeatmap(tables.winMatrix), fileName: 'win-fractions', dataTable: tables.winMatrix }]),
        part('Position bias', reading(readPositionBias(preference.positionBias))),
        part('Transitivity', reading(readCycles(preference.cycles))),
        part('Winner quality', [table(tables.winnerQuality), ...reading(readKruskal(preference.winnerQuality.kruskal))]),
        part('Pass and win rates', [
          table(tables.passRates),
          say('headline', ['Discriminating share: ', { text: discriminating.text, ...(discriminating.title !== undefined ? { title: discriminating.title } : {}) }, ' of tasks are passed by some configuration and failed by another.']),
          table(tables.winRates),
        ]),
      ],
    };
  },
  card: 'rankings',
  cardParts: ['Bradley–Terry Elo', 'Position bias'],
});
