import { formatDecimal, formatKappa } from '../../../schemas/format-number.ts';
import { tableToMarkdown } from '../../../schemas/table-markdown.ts';
import { buildAgreement } from '../agreement.ts';
import { agreementHeatmap } from '../report-charts.ts';
import { readOverallAgreement } from '../report-readings.ts';
import { defineSection } from '../report-section-entry.ts';
import { reading, say, table } from '../section-blocks.ts';

/** How far the judges agree with each other: overall, per rubric, and pair by pair. */
export const agreementSection = defineSection({
  id: 'agreement',
  title: 'Inter-judge agreement',
  compute: ({ data }) => buildAgreement(data.judgments),
  render: ({ agreement, tables }) => {
    if (agreement.judges.length < 2) return { empty: true, blocks: [say('empty', `Agreement needs at least two judges scoring the same runs; this workspace has ${agreement.judges.length}.`)] };
    return {
      blocks: [
        ...reading(readOverallAgreement(agreement.overall), ['headline', 'muted']),
        table(tables.agreement.byRubric),
        { kind: 'chart', chart: agreementHeatmap(tables.agreement.matrix), fileName: 'agreement-matrix', dataTable: tables.agreement.matrix },
      ],
    };
  },
  markdown: ({ agreement, tables }, level) =>
    [
      `${level} Judge agreement (quadratic-weighted κ)\n`,
      `Overall mean pairwise κ ${formatKappa(agreement.overall.meanKappa).text} (${agreement.overall.band ?? '—'}); variance of judges' mean scores ${formatDecimal(agreement.overall.variance, 4).text}.\n`,
      tableToMarkdown(tables.agreement.byRubric),
      tableToMarkdown(tables.agreement.matrix),
    ].join('\n'),
  card: 'none',
});
