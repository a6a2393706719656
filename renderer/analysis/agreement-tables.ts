import type { Agreement } from '../../schemas/analysis.ts';
import { formatDecimal, formatKappa } from './format-number.ts';
import type { HeatmapSpec } from './heatmap-chart.ts';
import { cell, columns, type TableModel } from './table-model.ts';

const NO_KAPPA = 'Undefined: no item was scored by both judges, or the scores never varied';

export function agreementRubricTable(agreement: Agreement): TableModel {
  return {
    id: 'agreement-by-rubric',
    caption: 'Inter-judge agreement by rubric and version: mean pairwise quadratic κ',
    columns: columns('Rubric', { label: 'Version', text: true }, 'Mean κ', { label: 'Band', text: true }, 'Variance', 'Judge pairs'),
    rows: agreement.perRubric.map((r) => [
      cell(r.rubric),
      cell(r.version),
      cell(formatKappa(r.meanKappa, NO_KAPPA), r.meanKappa),
      cell(r.band ? { text: r.band } : { text: '—', title: 'No band without a κ' }, r.band),
      cell(formatDecimal(r.variance, 4, 'Needs at least two judge pairs with a κ'), r.variance),
      cell(String(r.pairs.length), r.pairs.length),
    ]),
  };
}

/** The judges × judges κ matrix as a table (for screen readers and export) … */
export function agreementMatrixTable(agreement: Agreement): TableModel {
  return {
    id: 'agreement-matrix',
    caption: 'Pairwise quadratic κ between judges',
    columns: columns('Judge', ...agreement.judges),
    rows: agreement.judges.map((judge, i) => [cell(judge), ...agreement.judges.map((_, j) => cell(formatKappa(agreement.matrix[i]?.[j] ?? null, NO_KAPPA), agreement.matrix[i]?.[j] ?? null))]),
  };
}

/** … and as a heatmap: κ from −1 (orange) through 0, chance (grey), to 1 (blue). */
export function agreementHeatmap(agreement: Agreement): HeatmapSpec {
  return {
    title: 'Agreement matrix: quadratic κ between judges',
    subtitle: 'Each cell: κ of the row judge with the column judge (0 = chance, 1 = perfect)',
    rowLabels: agreement.judges,
    columnLabels: agreement.judges,
    cells: agreement.judges.map((_, i) =>
      agreement.judges.map((__, j) => {
        const value = agreement.matrix[i]?.[j] ?? null;
        return { value, text: formatKappa(value).text };
      }),
    ),
    scale: { min: -1, centre: 0, max: 1, format: (v) => v.toFixed(1) },
  };
}
