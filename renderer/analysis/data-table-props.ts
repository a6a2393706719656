import type { TableModel } from '../../schemas/table-model.ts';
import type { TableModel as DataTableModel } from './table-model.ts';

/**
 * A report table (built by core/analysis, schemas/table-model.ts) as DataTable shows and exports
 * it: the printed text of each cell, its full-precision value for CSV (an interval as two
 * fields, `<key>_lo` and `<key>_hi`), why a value is missing, the row's best, and words aligned
 * left. Nothing is formatted here: the text is the model's.
 */
export function dataTableProps(table: TableModel): DataTableModel {
  return {
    id: table.id,
    caption: table.caption,
    columns: table.columns.map((column, i) => ({
      label: column.header,
      // The first column is the row head, left-aligned as such.
      ...(i > 0 && column.format === 'text' ? { text: true } : {}),
      ...(column.interval ? { csv: [`${column.key}_lo`, `${column.key}_hi`] } : {}),
    })),
    rows: table.rows.map((row) =>
      row.map((cell) => ({
        text: cell.text,
        raw: Array.isArray(cell.value) ? [...cell.value] : cell.value,
        ...(cell.missing !== undefined ? { title: cell.missing } : {}),
        ...(cell.best ? { best: true } : {}),
      })),
    ),
  };
}
