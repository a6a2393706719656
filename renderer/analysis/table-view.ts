import type { Formatted } from '../../schemas/format-number.ts';
import type { TableModel } from '../../schemas/table-model.ts';

type Raw = string | number | null;

/** One cell as the screen shows it: its text (and why it is missing), and the full-precision value(s) for CSV. */
export interface TableViewCell extends Formatted {
  /** The raw value for CSV (`null` exports as an empty field); an array fills a column with several CSV fields. Defaults to `text`. */
  raw?: Raw | Raw[];
  /** The best value of its row: bold on screen, "(best)" for screen readers and in Markdown. */
  best?: boolean;
  /** A best value another cell prints alike: "(tied best)". */
  tied?: boolean;
}

export interface TableViewColumn {
  label: string;
  /** CSV headers when the column exports as several fields, e.g. an interval → ["ci_lo", "ci_hi"]. */
  csv?: string[];
  /** Words rather than numbers: aligned left on screen. */
  text?: boolean;
}

/** A table as the screen renders and exports it (ReportTable, its CSV and Markdown): its first column names each row. */
export interface TableView {
  /** A stable file name stem, e.g. "leaderboard-process". */
  id: string;
  caption: string;
  columns: TableViewColumn[];
  rows: TableViewCell[][];
}

/**
 * A report table (built by core/analysis, schemas/table-model.ts) as the screen shows it: each
 * cell's printed text, its full-precision value for CSV (an interval as two fields, `<key>_lo`
 * and `<key>_hi`), why a value is missing, the row's best, and words aligned left. Nothing is
 * formatted here: the text is the model's.
 */
export function tableView(table: TableModel): TableView {
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
        ...(cell.best && cell.tied ? { tied: true } : {}),
      })),
    ),
  };
}
