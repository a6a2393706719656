import { joinWrappedLines } from './pdf-hyphenation.ts';
import type { PdfCell, PdfLine } from './pdf-text-lines.ts';

/** One row of a table found on a page: its cells' text, one per column ('' where the row has none), and its page. */
export interface PdfTableRow {
  cells: string[];
  page: number;
}

/** A table found among a page's lines: lines `start` to `end` (inclusive) are its rows. */
export interface PdfTableRegion {
  start: number;
  end: number;
  rows: PdfTableRow[];
}

/** Rows of two or more cells that a table needs: fewer is a formula and its number, or a label and its value. */
const MIN_ROWS = 3;
/** Cells this long on average, in every column, are prose set in columns, not a table. */
const PROSE_CELL_CHARS = 45;

interface Column {
  x: number;
  endX: number;
}

/**
 * Finds tables among a page's lines by column alignment: consecutive lines, each parted by wide
 * gaps into two or more cells (pdf-text-lines.ts), whose cells start (or, right-aligned, end) at
 * the same positions make a table, one row per line. A line of one cell inside the table that
 * starts at a column's position, close below the row before, goes on with that column's cell (a
 * cell wrapped over lines), as does a wrapped first cell that ends before the second column.
 * Lines `skip` rules out (a table of contents, code) are never rows. `pitch` is the body text's
 * distance between lines. `carriedColumns`: the column count of a table that ended the page
 * before; rows with as many columns that open this page go on with it, however few they are.
 */
export function findTables(lines: PdfLine[], pitch: number, page: number, skip: (index: number) => boolean, carriedColumns?: number): PdfTableRegion[] {
  const tables: PdfTableRegion[] = [];
  let i = 0;
  while (i < lines.length) {
    const region = growTable(lines, i, pitch, page, skip, i === 0 ? carriedColumns : undefined);
    if (region) {
      tables.push(region);
      i = region.end + 1;
    } else i++;
  }
  return tables;
}

/** A list's marker set apart from its item's text: a bullet, "1.", "a)", "(iv)". */
const LIST_MARKER = /^(?:[•◦▪▫‣⁃●○■□∙·*–—-]|\d{1,3}[.)]|\p{Ll}[.)]|\([\p{L}\d]{1,4}\))$/u;

/** A line of two or more cells, not a list item whose marker stands apart from its text. */
function isRow(line: PdfLine): boolean {
  return (line.cells?.length ?? 0) >= 2 && !LIST_MARKER.test(line.cells![0]!.text);
}

function growTable(lines: PdfLine[], start: number, pitch: number, page: number, skip: (index: number) => boolean, carriedColumns: number | undefined): PdfTableRegion | undefined {
  const first = lines[start]!;
  if (skip(start) || !isRow(first)) return undefined;
  const columns: Column[] = first.cells!.map((cell) => ({ x: cell.x, endX: cell.endX }));
  const rows: { cells: PdfCell[][] }[] = [{ cells: first.cells!.map((cell) => [cell]) }];
  let end = start;
  let rowGap = pitch * 1.6;
  for (let j = start + 1; j < lines.length && !skip(j); j++) {
    const line = lines[j]!;
    const previous = lines[j - 1]!;
    const gap = previous.y - line.y;
    const tolerance = line.size * 0.6;
    if (gap <= 0 || gap > Math.max(rowGap, line.size * 1.2) * 1.8) break;
    const cells = line.cells ?? [];
    const at = (cell: PdfCell) => columns.findIndex((column) => Math.abs(cell.x - column.x) <= tolerance || Math.abs(cell.endX - column.endX) <= tolerance);
    if (isRow(line)) {
      const aligned = cells.filter((cell) => at(cell) >= 0).length;
      if (aligned < 2) break;
      for (const cell of cells) if (at(cell) < 0) insertColumn(columns, rows, cell);
      const placed = placeCells(columns, cells, tolerance);
      const last = rows[rows.length - 1]!;
      // Nothing under the first column, close under a row that has it: the row's cells wrapped.
      if (placed[0]!.length === 0 && last.cells[0]!.length > 0 && gap <= Math.max(pitch, line.size * 1.05) * 1.35) placed.forEach((parts, c) => last.cells[c]!.push(...parts));
      else rows.push({ cells: placed });
      rowGap = Math.max(rowGap, gap);
      end = j;
      continue;
    }
    // One cell: a wrapped cell's next line, close under the row before.
    const cell = cells[0];
    const column = cell ? at(cell) : -1;
    const last = rows[rows.length - 1]!;
    const wrapsFirstCell = column === 0 && columns.length > 1 && cell!.endX < columns[1]!.x - tolerance && last.cells[0]!.length > 0;
    if (!cell || column < 0 || gap > Math.max(pitch, line.size * 1.05) * 1.35 || (column === 0 && !wrapsFirstCell)) break;
    last.cells[column]!.push(cell);
    end = j;
  }
  const full = rows.filter((row) => row.cells.filter((cell) => cell.length > 0).length >= 2);
  if (full.length < MIN_ROWS && !(carriedColumns === columns.length && full.length > 0)) return undefined;
  const texts = rows.map((row) => row.cells.map(cellText));
  const prose = columns.every((_, c) => {
    const filled = texts.map((row) => row[c]!).filter((text) => text !== '');
    return filled.reduce((sum, text) => sum + text.length, 0) / Math.max(1, filled.length) > PROSE_CELL_CHARS;
  });
  if (prose) return undefined;
  return { start, end, rows: texts.map((cells) => ({ cells, page })) };
}

/** A cell that starts where no column does adds a column there; rows before have nothing in it. */
function insertColumn(columns: Column[], rows: { cells: PdfCell[][] }[], cell: PdfCell): void {
  const index = columns.findIndex((column) => column.x > cell.x);
  const at = index < 0 ? columns.length : index;
  columns.splice(at, 0, { x: cell.x, endX: cell.endX });
  for (const row of rows) row.cells.splice(at, 0, []);
}

/** A row's cells by column: each goes to the column it starts or ends with, else to the last column starting before it. */
function placeCells(columns: Column[], cells: PdfCell[], tolerance: number): PdfCell[][] {
  const placed: PdfCell[][] = columns.map(() => []);
  for (const cell of cells) {
    let index = columns.findIndex((column) => Math.abs(cell.x - column.x) <= tolerance || Math.abs(cell.endX - column.endX) <= tolerance);
    if (index < 0) index = Math.max(0, columns.findLastIndex((column) => column.x <= cell.x + tolerance));
    placed[index]!.push(cell);
  }
  return placed;
}

/**
 * A cell's text for a Markdown table: its lines joined, backslashes, backticks and pipes escaped so they stay in the cell,
 * and text set wholly in a monospace face written as code (with a fence longer than any run of
 * backticks it holds).
 */
function cellText(parts: PdfCell[]): string {
  if (parts.length === 0) return '';
  if (parts.every((part) => part.monospace)) {
    const text = parts.map((part) => part.text).join(' ');
    const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
    const fence = '`'.repeat(longest + 1);
    const padded = /^`|`$/.test(text) ? ` ${text} ` : text;
    return `${fence}${padded.replace(/\|/g, '\\|')}${fence}`;
  }
  // Wrapped lines join as a paragraph's do: a line-end hyphen is settled with the document's words.
  const text = parts.map((part) => part.text).reduce(joinWrappedLines);
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/`/g, '\\`');
}
