import { buildAgreement } from '../agreement.ts';
import { agreementMatrixTable, agreementRubricTable } from '../agreement-tables.ts';
import { agreementHeatmap } from '../report-charts.ts';
import { readOverallAgreement } from '../report-readings.ts';
import { defineSection } from '../report-section-entry.ts';
import { reading, say, table } from '../section-blocks.ts';

/** How far the judges agree with each other: overall, per rubric, and pair by pair. */
export const agreementSection = defineSection({
  id: 'agreement',
  title: 'Inter-judge agreement',
  compute: ({ data }) => buildAgreement(data.judgments),
  tables: ({ agreement }) => ({ byRubric: agreementRubricTable(agreement), matrix: agreementMatrixTable(agreement) }),
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
  card: 'rankings',
});
