import { z } from 'zod';
import { ValueFormatSchema } from './format-number.ts';

/**
 * A report table as core/analysis builds it, once, for every place that shows it: the Analysis
 * screen (a ReportTable, its CSV and Markdown exports, the charts drawn from its columns),
 * `lhb analyze --md` and the dataset card. Each cell carries its full-precision value (for CSV and
 * charts) and its text as printed by its column's format (format-number.ts), so no rendering
 * rounds on its own and all of them print the same digits.
 */

const NullableNumber = z.number().nullable();

export const TableColumnSchema = z.object({
  /** A stable name for the column within its table (charts and CSV headers use it). */
  key: z.string(),
  header: z.string(),
  /** What kind of value the column holds, and so how it prints and aligns (text left, numbers right). */
  format: ValueFormatSchema,
  /** Each cell holds `[lo, hi]` (printed "[lo, hi]"); CSV writes it as two fields, `<key>_lo` and `<key>_hi`. */
  interval: z.boolean().optional(),
});
export type TableColumn = z.infer<typeof TableColumnSchema>;

export const TableCellSchema = z.object({
  /** The value at full precision: text, a number, `[lo, hi]` for an interval column, or null when missing. */
  value: z.union([z.string(), z.number(), z.null(), z.tuple([NullableNumber, NullableNumber])]),
  /** The value as printed ("0.612", "[3.33, 3.88]", "—"), or words for it ("Not found" for `not-found`). */
  text: z.string(),
  /** Why the value is missing, when it is. */
  missing: z.string().optional(),
  /** The best value of its row (or column, as the caption says): bold on screen, "(best)" for screen readers and in Markdown. */
  best: z.boolean().optional(),
  /** A best value another cell prints the same digits of: a tie, "(tied best)" on screen and in Markdown. */
  tied: z.boolean().optional(),
});
export type TableCell = z.infer<typeof TableCellSchema>;

export const TableModelSchema = z.object({
  /** A stable file name stem, e.g. "leaderboard-process". */
  id: z.string(),
  caption: z.string(),
  columns: z.array(TableColumnSchema),
  /** One cell per column; the first names its row. */
  rows: z.array(z.array(TableCellSchema)),
});
export type TableModel = z.infer<typeof TableModelSchema>;

/** Words read left-aligned, numbers right-aligned. */
export const columnAlign = (column: Pick<TableColumn, 'format'>): 'left' | 'right' => (column.format === 'text' ? 'left' : 'right');

/** The index of a table's column by key, or an error naming the table: a chart or reading asks for a column the table must have. */
export function columnIndex(table: TableModel, key: string): number {
  const index = table.columns.findIndex((column) => column.key === key);
  if (index < 0) throw new Error(`The table ${table.id} has no column ${key} (it has ${table.columns.map((column) => column.key).join(', ')}).`);
  return index;
}
