import { buildAgreement } from '../agreement.ts';
import { loadSetAuthors } from '../rubric-weights.ts';
import { compareSetAgreement } from '../set-agreement.ts';
import { agreementMatrixTable, agreementPairTable, agreementRubricTable, agreementSetTable, readSetComparison } from '../agreement-tables.ts';
import { agreementHeatmap } from '../report-charts.ts';
import { readOverallAgreement } from '../report-readings.ts';
import { defineSection } from '../report-section-entry.ts';
import { part, reading, say, table } from '../section-blocks.ts';

const KAPPA_INTERVAL_NOTE =
  "Every κ has a 95% bootstrap interval over tasks: tasks are drawn with replacement (the report's seed and resamples), every item of a drawn task comes with it, and κ is computed again; none is given under three tasks or where κ is undefined in over 5% of the resamples.";

/** How far the judges agree with each other: overall, per rubric, and pair by pair. */
export const agreementSection = defineSection({
  id: 'agreement',
  title: 'Inter-judge agreement',
  compute: ({ db, data, options }) => {
    const taskOf = (run: string) => data.runs.get(run)!.task;
    return { ...buildAgreement(data.judgments, taskOf, options), setComparisons: compareSetAgreement(data.judgments, taskOf, options, loadSetAuthors(db)) };
  },
  tables: ({ agreement }) => ({
    byRubric: agreementRubricTable(agreement),
    matrix: agreementMatrixTable(agreement),
    pairs: agreementPairTable(agreement),
    sets: agreementSetTable(agreement),
  }),
  render: ({ agreement, tables }) => {
    if (agreement.judges.length < 2) return { empty: true, blocks: [say('empty', `Agreement needs at least two judges scoring the same runs; this workspace has ${agreement.judges.length}.`)] };
    return {
      blocks: [
        ...reading(readOverallAgreement(agreement.overall), ['headline', 'muted']),
        say('muted', KAPPA_INTERVAL_NOTE),
        table(tables.agreement.byRubric),
        { kind: 'chart', chart: agreementHeatmap(tables.agreement.matrix), fileName: 'agreement-matrix', dataTable: tables.agreement.matrix },
        table(tables.agreement.pairs),
        ...(agreement.setComparisons.length > 0
          ? [part('Rubric set versions on the same runs', [...agreement.setComparisons.map((c) => say('plain', readSetComparison(c))), table(tables.agreement.sets)])]
          : []),
      ],
    };
  },
  card: 'rankings',
});
