import { formatCount, formatDecimal, formatPValue, formatRate } from '../../../schemas/format-number.ts';
import { tableToMarkdown } from '../../../schemas/table-markdown.ts';
import { column, formatTable } from '../format-table.ts';
import { buildPreference } from '../preference.ts';
import { eloChart, winMatrixHeatmap } from '../report-charts.ts';
import { readCycles, readKruskal, readPositionBias } from '../report-readings.ts';
import { defineSection, type MarkdownLevel, type RenderInput } from '../report-section-entry.ts';
import { pair, part, reading, say, table } from '../section-blocks.ts';

/** What the human votes say: ratings, tests, biases and rates. */
export const preferenceSection = defineSection({
  id: 'preference',
  title: 'Human preference',
  compute: ({ data, options }) => buildPreference(data, options),
  render: ({ preference, tables: { preference: tables } }) => {
    if (preference.votes === 0) return { empty: true, blocks: [say('empty', 'No arena votes yet: vote in the Arena (or add annotators) and recompute.')] };
    const discriminating = formatRate(preference.discriminatingShare, 'No task was judged for more than one configuration');
    return {
      blocks: [
        say('muted', `From ${preference.votes} arena votes.`),
        part('Bradley–Terry Elo', [
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
  markdown: preferenceMarkdown,
  card: 'none',
});

function preferenceMarkdown(report: RenderInput, level: MarkdownLevel): string {
  const { preference, tables } = report;
  const out = [`${level} Human preference\n`];
  out.push(`${preference.votes} votes between configurations.\n`);
  out.push(tableToMarkdown(tables.preference.elo));
  if (preference.flags.length > 0) out.push(...preference.flags.map((flag) => `- ⚠ ${flag}`), '');
  out.push(`${level}# Pairwise tests\n`);
  out.push(tableToMarkdown(tables.preference.pairwise));
  out.push(`${level}# Win matrix (row beats column, ties half)\n`);
  out.push(tableToMarkdown(tables.preference.winMatrix));
  out.push(`${level}# Position bias, cycles, discrimination\n`);
  out.push(tableToMarkdown(preferenceMeasures(report)));
  out.push(`${level}# Win rates, pass rates and winner quality\n`);
  out.push(tableToMarkdown(tables.preference.winRates));
  out.push(tableToMarkdown(tables.preference.passRates));
  out.push(tableToMarkdown(tables.preference.winnerQuality));
  return out.join('\n');
}

/** The single figures of the votes (the screen reads them out in sentences), as one table of measures. */
function preferenceMeasures({ preference }: RenderInput) {
  const bias = preference.positionBias;
  const { kruskal } = preference.winnerQuality;
  return formatTable(
    { id: 'preference-measures', caption: 'Position bias, majority cycles and discrimination', columns: [column('measure', 'Measure', 'text'), column('value', 'Value', 'text')] },
    [
      ['Left chosen (of left-or-right votes)', `${formatCount(bias.left)} / ${formatCount(bias.decided)} (${formatRate(bias.leftRate).text})`],
      ['Binomial p (left = ½)', formatPValue(bias.pValue).text],
      ['Majority cycles', `${formatCount(preference.cycles.cyclic)} of ${formatCount(preference.cycles.triads)} triads (${formatRate(preference.cycles.rate).text})`],
      ['Discriminating tasks', formatRate(preference.discriminatingShare).text],
      ['Kruskal–Wallis H on winner ratings', `${formatDecimal(kruskal.h, 2).text} (p ${formatPValue(kruskal.pValue).text})`],
    ],
  );
}
