import type { Formatted } from '../../schemas/format-number.ts';

type Raw = string | number | null;

/** One cell: what the screen and Markdown show, and (optionally) the full-precision value(s) for CSV. */
export interface TableCell extends Formatted {
  /** The raw value for CSV (`null` exports as an empty field); an array fills a column with several CSV fields. Defaults to `text`. */
  raw?: Raw | Raw[];
  /** The best value of its row: bold on screen, "(best)" for screen readers and in Markdown. */
  best?: boolean;
}

export interface TableColumn {
  label: string;
  /** CSV headers when the column exports as several fields, e.g. an interval → ["ci_lo", "ci_hi"]. */
  csv?: string[];
  /** Words rather than numbers: aligned left on screen. */
  text?: boolean;
}

/** A table the screen renders and exports: its first column names each row. */
export interface TableModel {
  /** A stable file name stem, e.g. "leaderboard-process". */
  id: string;
  caption: string;
  columns: TableColumn[];
  rows: TableCell[][];
}

/** A cell from a formatted value: its CSV value is `raw`, or the text unless the value is missing. */
export function cell(value: Formatted | string, raw?: Raw | Raw[]): TableCell {
  if (typeof value === 'string') return { text: value, raw: raw === undefined ? value : raw };
  return { ...value, raw: raw === undefined ? (value.title !== undefined ? null : value.text) : raw };
}

export const columns = (...labels: (string | TableColumn)[]): TableColumn[] => labels.map((l) => (typeof l === 'string' ? { label: l } : l));
