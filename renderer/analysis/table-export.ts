import { markdownTable } from '../../schemas/table-markdown.ts';
import type { TableView, TableViewCell } from './table-view.ts';

/** RFC 4180: a field holding a comma, quote, CR or LF is quoted, its quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvValues(c: TableViewCell | undefined, width: number): (string | number | null)[] {
  const raw = c === undefined ? null : c.raw === undefined ? c.text : c.raw;
  const values = Array.isArray(raw) ? raw : [raw];
  return Array.from({ length: width }, (_, i) => values[i] ?? null);
}

/** The table as CSV: a header row, then one line per row with full-precision values, CRLF-ended. */
export function tableToCsv(table: TableView): string {
  const widths = table.columns.map((column) => column.csv?.length ?? 1);
  const header = table.columns.flatMap((column) => column.csv ?? [column.label]);
  const body = table.rows.map((row) => widths.flatMap((width, i) => csvValues(row[i], width)));
  return [header, ...body].map((fields) => fields.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The table as a GitHub-flavoured Markdown table under its caption, as printed on screen (the same Markdown as `lhb analyze --md`). */
export function tableToMarkdown(table: TableView): string {
  return markdownTable({ caption: table.caption, columns: table.columns.map((column, i) => ({ header: column.label, align: i === 0 || column.text ? 'left' : 'right' })), rows: table.rows });
}
