import { columnAlign, type TableModel } from './table-model.ts';

/** What a Markdown table is made of: its caption (if any), each column's header and alignment, each cell's printed text. */
export interface MarkdownTable {
  caption?: string;
  columns: readonly { header: string; align: 'left' | 'right' }[];
  rows: readonly (readonly { text: string; best?: boolean; tied?: boolean }[])[];
}

/** GitHub-flavoured Markdown cell text: pipes and backslashes escaped, line breaks as spaces. */
export function markdownCell(text: string): string {
  return text.replaceAll('\\', '\\\\').replaceAll('|', '\\|').replace(/\r\n|\r|\n/g, ' ').trim();
}

const markdownText = (cell: { text: string; best?: boolean; tied?: boolean }) => markdownCell(cell.best ? `**${cell.text}** (${cell.tied ? 'tied best' : 'best'})` : cell.text);

/**
 * A GitHub-flavoured Markdown table under its caption in bold, words aligned left and numbers
 * right; a table without rows says so instead. The one Markdown rendering of a table: the
 * Analysis screen's Download Markdown, `lhb analyze --md` and the dataset card.
 */
export function markdownTable(table: MarkdownTable): string {
  const caption = table.caption ? [`**${markdownCell(table.caption)}**`, ''] : [];
  if (table.rows.length === 0) return [...caption, '_No data._', ''].join('\n');
  const header = `| ${table.columns.map((column) => markdownCell(column.header)).join(' | ')} |`;
  const rule = `| ${table.columns.map((column) => (column.align === 'left' ? '---' : '---:')).join(' | ')} |`;
  const body = table.rows.map((row) => `| ${row.map(markdownText).join(' | ')} |`);
  return [...caption, header, rule, ...body, ''].join('\n');
}

/** A report table (table-model.ts) as Markdown. */
export const tableToMarkdown = (table: TableModel): string => markdownTable({ ...table, columns: table.columns.map((column) => ({ header: column.header, align: columnAlign(column) })) });
