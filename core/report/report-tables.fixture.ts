import type { Element, Root, RootContent } from 'hast';
import { toText } from 'hast-util-to-text';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';

/** A table as a reader sees it: its caption, then each row's cells as text (header row first). */
export interface ReadTable {
  caption: string;
  rows: string[][];
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

function elements(node: Root | RootContent, tag: string): Element[] {
  if (node.type !== 'root' && node.type !== 'element') return [];
  const own = node.type === 'element' && node.tagName === tag ? [node] : [];
  return [...own, ...node.children.flatMap((child) => elements(child, tag))];
}

/** Every table of a report page, in page order, as text (the list of runs left out when `skip` names it). */
export function htmlTables(page: string, skip: readonly string[] = []): ReadTable[] {
  const tree = unified().use(rehypeParse).parse(page);
  return elements(tree, 'table')
    .filter((table) => !skip.includes(String(table.properties.dataTable ?? '')))
    .map((table) => ({
      caption: squash(elements(table, 'caption').map((caption) => toText(caption)).join('')),
      rows: table.properties.dataEmpty !== undefined ? [] : elements(table, 'tr').map((row) => row.children.filter((cell): cell is Element => cell.type === 'element' && (cell.tagName === 'th' || cell.tagName === 'td')).map((cell) => squash(toText(cell)))),
    }));
}

/** A Markdown cell as a reader sees it: escapes undone, bold markers gone. */
const markdownCellText = (cell: string) => squash(cell.replaceAll('\\|', '|').replaceAll('\\\\', '\\').replace(/\*\*(.*?)\*\*/g, '$1'));

/** Every table of `lhb analyze --md`'s output, in order: the bold caption line above it, then its header and rows (the rule row left out). */
export function markdownTables(markdown: string): ReadTable[] {
  const lines = markdown.split('\n');
  const tables: ReadTable[] = [];
  for (let i = 0; i < lines.length; i++) {
    const caption = /^\*\*(.*)\*\*$/.exec(lines[i]!);
    if (!caption || lines[i + 1] !== '') continue;
    const next = lines[i + 2] ?? '';
    if (next === '_No data._') {
      tables.push({ caption: markdownCellText(caption[1]!), rows: [] });
      continue;
    }
    if (!next.startsWith('| ')) continue;
    const rows: string[][] = [];
    for (let j = i + 2; j < lines.length && lines[j]!.startsWith('| '); j++) {
      if (/^\| (---:?)( \| ---:?)* \|$/.test(lines[j]!)) continue;
      rows.push(lines[j]!.slice(2, -2).split(/(?<!\\) \| /).map(markdownCellText));
    }
    tables.push({ caption: markdownCellText(caption[1]!), rows });
  }
  return tables;
}
