import type { ExtractionDoubt, PageSpan } from '../../schemas/sources.ts';
import type { PdfTextRun } from './pdf-text-lines.ts';

/** What one page's text layer shows before any structure is made of it. */
export interface PageObservation {
  page: number;
  /** Characters of text (not counting spaces). */
  chars: number;
  /** The first cell of the first run of rows set out in columns, or null when there is none. */
  tableStart: string | null;
}

/** Rows in a row set out in three or more columns that make a possible table. */
const MIN_TABLE_ROWS = 3;
/** Cells (runs apart by a wide gap) on one baseline that make a row of a table. */
const MIN_CELLS = 3;
/** A page with less than this share of the document's median text is a doubt, if that median is at least MIN_MEDIAN_CHARS. */
const LOW_COVERAGE_SHARE = 0.1;
const MIN_MEDIAN_CHARS = 400;

/**
 * A page's text and whether it sets some of it out in columns: runs on one baseline apart by
 * gaps wider than one and a half times the type size, three or more cells a row, three or more
 * such rows one after another. Two-column prose has one such gap a row, never two. A simple
 * signal for a doubt, not table detection.
 */
export function observePage(page: number, runs: PdfTextRun[]): PageObservation {
  const chars = runs.reduce((sum, run) => sum + run.text.replace(/\s/g, '').length, 0);
  const rows: PdfTextRun[][] = [];
  for (const run of [...runs].filter((r) => r.text.trim() !== '').sort((a, b) => b.y - a.y || a.x - b.x)) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(row[0]!.y - run.y) <= Math.max(run.size, 1) / 3) row.push(run);
    else rows.push([run]);
  }
  let streak = 0;
  for (const row of rows) {
    const cells = cellsOf(row);
    streak = cells.length >= MIN_CELLS ? streak + 1 : 0;
    if (streak === MIN_TABLE_ROWS) {
      const first = rows[rows.indexOf(row) - MIN_TABLE_ROWS + 1]!;
      return { page, chars, tableStart: cellsOf(first)[0] ?? null };
    }
  }
  return { page, chars, tableStart: null };
}

function cellsOf(row: PdfTextRun[]): string[] {
  const sorted = [...row].sort((a, b) => a.x - b.x);
  const cells: string[] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const run of sorted) {
    const gap = run.x - end;
    if (cells.length === 0 || gap > Math.max(run.size, 1) * 1.5) cells.push(run.text.trim());
    else cells[cells.length - 1] = `${cells[cells.length - 1]} ${run.text.trim()}`.trim();
    end = Math.max(end, run.x + run.width);
  }
  return cells;
}

/**
 * The page-level doubts of a PDF, each at a line of its Markdown: pages with no text (at the line
 * where the text goes on), pages with far less text than the document's median, and pages with
 * rows set out in columns (at the line holding the first cell, else the page's first line).
 */
export function pageDoubts(observations: PageObservation[], spans: PageSpan[], markdown: string): ExtractionDoubt[] {
  const lines = markdown.split('\n');
  const lastLine = Math.max(1, lines.length - (markdown.endsWith('\n') ? 1 : 0));
  const firstLineFrom = (page: number) => spans.find((span) => span.page >= page)?.startLine ?? spans[spans.length - 1]?.endLine ?? lastLine;
  const withText = observations.filter((o) => o.chars > 0).map((o) => o.chars).sort((a, b) => a - b);
  const median = withText[Math.floor(withText.length / 2)] ?? 0;
  const doubts: ExtractionDoubt[] = [];
  for (const o of observations) {
    if (o.chars === 0) {
      doubts.push({ kind: 'no-text', line: firstLineFrom(o.page), page: o.page, note: `Page ${o.page} has no text (probably a scanned page or an image); nothing of it is in the text. The text goes on at this line.` });
      continue;
    }
    if (median >= MIN_MEDIAN_CHARS && o.chars < median * LOW_COVERAGE_SHARE) {
      doubts.push({ kind: 'low-text-coverage', line: firstLineFrom(o.page), page: o.page, note: `Page ${o.page} has ${o.chars} characters of text against ${median} on a usual page of this document (a figure, a form or a partly scanned page?); check it against the original.` });
    }
    if (o.tableStart !== null) {
      const span = spans.filter((s) => s.page === o.page);
      const cell = o.tableStart.length >= 2 ? o.tableStart : null;
      let line = span[0]?.startLine ?? firstLineFrom(o.page);
      if (cell) {
        for (const s of span) {
          const at = lines.slice(s.startLine - 1, s.endLine).findIndex((text) => text.includes(cell));
          if (at >= 0) {
            line = s.startLine + at;
            break;
          }
        }
      }
      doubts.push({ kind: 'possible-table', line, page: o.page, note: `Page ${o.page} sets lines out in three or more columns from "${o.tableStart.slice(0, 40)}" on: it may be a table whose rows are now text.` });
    }
  }
  return doubts;
}
