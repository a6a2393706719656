import { formatInterval, formatValue, type ValueFormat } from '../../schemas/format-number.ts';
import type { TableCell, TableColumn, TableModel } from '../../schemas/table-model.ts';

/** A column as a table is declared: the model's column, and why a missing value in it is missing unless its cell says. */
export interface ColumnSpec extends TableColumn {
  missing?: string;
}

export const column = (key: string, header: string, format: ValueFormat, options: { interval?: true; missing?: string } = {}): ColumnSpec => ({
  key,
  header,
  format,
  ...options,
});

type Value = string | number | null;
type Interval = readonly [number | null, number | null];

/** A cell as a table's builder gives it: the value alone, or with words for it, why it is missing, or that it is its row's best. */
export type CellEntry = Value | Interval | { value: Value | Interval; text?: string; missing?: string; best?: boolean; tied?: boolean };

/**
 * A table model from values: every cell printed by its column's format (format-number.ts), so a
 * statistic's digits are decided by its kind, never by the table or the rendering.
 */
export function formatTable(spec: { id: string; caption: string; columns: readonly ColumnSpec[] }, rows: readonly (readonly CellEntry[])[]): TableModel {
  return {
    id: spec.id,
    caption: spec.caption,
    columns: spec.columns.map(({ missing: _why, ...model }) => model),
    rows: rows.map((row) => spec.columns.map((columnSpec, i) => formatCell(columnSpec, row[i] ?? null))),
  };
}

function formatCell(spec: ColumnSpec, entry: CellEntry): TableCell {
  const given = entry !== null && typeof entry === 'object' && !Array.isArray(entry) ? (entry as Exclude<CellEntry, Value | Interval>) : { value: entry as Value | Interval };
  const why = given.missing ?? spec.missing;
  const value = given.value;
  const printed = Array.isArray(value)
    ? formatInterval(formatValue(spec.format, value[0] ?? null, why), formatValue(spec.format, value[1] ?? null, why))
    : formatValue(spec.format, value as Value, why);
  return {
    value: Array.isArray(value) ? [value[0] ?? null, value[1] ?? null] : (value as Value),
    text: given.text ?? printed.text,
    ...(printed.title !== undefined ? { missing: printed.title } : {}),
    ...(given.best ? { best: true } : {}),
    ...(given.best && given.tied ? { tied: true } : {}),
  };
}
