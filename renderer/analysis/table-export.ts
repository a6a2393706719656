import type { TableCell, TableModel } from './table-model.ts';

/** RFC 4180: a field holding a comma, quote, CR or LF is quoted, its quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvValues(c: TableCell | undefined, width: number): (string | number | null)[] {
  const raw = c === undefined ? null : c.raw === undefined ? c.text : c.raw;
  const values = Array.isArray(raw) ? raw : [raw];
  return Array.from({ length: width }, (_, i) => values[i] ?? null);
}

/** The table as CSV: a header row, then one line per row with full-precision values, CRLF-ended. */
export function tableToCsv(table: TableModel): string {
  const widths = table.columns.map((column) => column.csv?.length ?? 1);
  const header = table.columns.flatMap((column) => column.csv ?? [column.label]);
  const body = table.rows.map((row) => widths.flatMap((width, i) => csvValues(row[i], width)));
  return [header, ...body].map((fields) => fields.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** GitHub-flavoured Markdown cell text: pipes and backslashes escaped, line breaks as spaces. */
export function markdownCell(text: string): string {
  return text.replaceAll('\\', '\\\\').replaceAll('|', '\\|').replace(/\r\n|\r|\n/g, ' ').trim();
}

const markdownText = (c: TableCell) => markdownCell(c.best ? `**${c.text}** (best)` : c.text);

/** The table as a GitHub-flavoured Markdown table under its caption, as printed on screen. */
export function tableToMarkdown(table: TableModel): string {
  const header = `| ${table.columns.map((c) => markdownCell(c.label)).join(' | ')} |`;
  const rule = `| ${table.columns.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`;
  const body = table.rows.map((row) => `| ${row.map(markdownText).join(' | ')} |`);
  return [`**${markdownCell(table.caption)}**`, '', header, rule, ...body, ''].join('\n');
}
