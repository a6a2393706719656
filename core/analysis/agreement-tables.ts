import type { Agreement } from '../../schemas/analysis.ts';
import type { TableModel } from '../../schemas/table-model.ts';
import { column, formatTable } from './format-table.ts';

const NO_KAPPA = 'Undefined: no item was scored by both judges, or the scores never varied';

/** Mean pairwise quadratic κ per rubric and version, with its Landis–Koch band. */
export function agreementRubricTable(agreement: Agreement): TableModel {
  return formatTable(
    {
      id: 'agreement-by-rubric',
      caption: 'Inter-judge agreement by rubric and version: mean pairwise quadratic κ',
      columns: [
        column('rubric', 'Rubric', 'text'),
        column('version', 'Version', 'text'),
        column('kappa', 'Mean κ', 'kappa', { missing: NO_KAPPA }),
        column('band', 'Band', 'text', { missing: 'No band without a κ' }),
        column('variance', 'Variance', 'variance', { missing: 'Needs at least two judge pairs with a κ' }),
        column('pairs', 'Judge pairs', 'count'),
      ],
    },
    agreement.perRubric.map((r) => [r.rubric, r.version, r.meanKappa, r.band, r.variance, r.pairs.length]),
  );
}

/** The judges × judges κ matrix (the heatmap's numbers, for screen readers and export). */
export function agreementMatrixTable(agreement: Agreement): TableModel {
  return formatTable(
    {
      id: 'agreement-matrix',
      caption: 'Pairwise quadratic κ between judges',
      columns: [column('judge', 'Judge', 'text'), ...agreement.judges.map((judge) => column(judge, judge, 'kappa', { missing: NO_KAPPA }))],
    },
    agreement.judges.map((judge, i) => [judge, ...agreement.judges.map((_, j) => agreement.matrix[i]?.[j] ?? null)]),
  );
}
