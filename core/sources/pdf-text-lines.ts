/** One run of text as the PDF reader reports it: a string drawn at one position in one font. */
export interface PdfTextRun {
  text: string;
  /** Baseline start in page space (points, y grows upwards). */
  x: number;
  y: number;
  width: number;
  /** Font size in points (the text matrix's vertical scale). */
  size: number;
  /** The reader's id for the font face; runs in the same face share it. */
  font: string;
  monospace: boolean;
}

/** One visual line of a page: the runs that share a baseline, in the order they were drawn. */
export interface PdfLine {
  text: string;
  x: number;
  y: number;
  endX: number;
  /** Size and face of most of the line's characters. */
  size: number;
  font: string;
  monospace: boolean;
  /**
   * The line's stretches of text set apart by a gap wider than CELL_GAP font sizes (a table's
   * cells, a formula and its number), left to right; pdf-tables.ts finds columns by their edges.
   */
  cells?: PdfCell[];
}

/** A stretch of a line's text between wide gaps: where it starts and ends, and whether it is set in a monospace face. */
export interface PdfCell {
  text: string;
  x: number;
  endX: number;
  monospace: boolean;
}

/**
 * A gap between the ink of two runs wider than this many font sizes parts a line's cells: word
 * spaces are a third of the size (stretched to two thirds in a justified line), the space between
 * a table's columns is a size or more.
 */
const CELL_GAP = 0.9;

interface CellDraft {
  text: string;
  x: number;
  endX: number;
  chars: number;
  monoChars: number;
}

/**
 * Groups a page's runs into lines. Runs come in content-stream order, which for nearly every
 * PDF is reading order (column by column); a run joins the current line when it sits on the
 * same baseline (within a third of the font size, so superscripts stay on their line) and does
 * not jump back to the left, and a space is put between runs the PDF set apart without one.
 * A superscript or subscript ("8" + raised "th", a footnote mark) joins the line it is set
 * against, so that it never becomes a line (or a heading) of its own.
 */
export function groupRunsIntoLines(runs: PdfTextRun[]): PdfLine[] {
  const lines: PdfLine[] = [];
  let current: { runs: PdfTextRun[]; text: string; y: number; endX: number; size: number; cells: CellDraft[]; inkEnd: number } | undefined;
  const finish = () => {
    if (current && current.text.trim() !== '') lines.push({ ...toLine(current.runs, current.text), cells: toCells(current.cells) });
    current = undefined;
  };
  for (const run of runs) {
    if (run.text === '') continue;
    const size = Math.max(run.size, 1);
    const sameLine = current && run.x >= current.endX - size && (Math.abs(run.y - current.y) <= Math.max(size, current.size) / 3 || isScript(run, size, current));
    if (!current || !sameLine) {
      finish();
      const blank = run.text.trim() === '';
      current = { runs: [run], text: run.text, y: run.y, endX: run.x + run.width, size, cells: blank ? [] : [draftCell(run, run.text)], inkEnd: blank ? -Infinity : run.x + run.width };
      continue;
    }
    const gap = run.x - current.endX;
    const needsSpace = gap > size * 0.15 && !/\s$/.test(current.text) && !/^\s/.test(run.text);
    const mark = footnoteMark(run, size, current);
    const piece = mark !== undefined ? `[^${mark}]` : (needsSpace ? ' ' : '') + run.text;
    current.text += piece;
    addToCells(current, run, piece, size);
    current.runs.push(run);
    current.endX = Math.max(current.endX, run.x + run.width);
    current.size = Math.max(current.size, size);
  }
  finish();
  return lines;
}

function draftCell(run: PdfTextRun, text: string): CellDraft {
  const chars = run.text.trim().length;
  return { text, x: run.x, endX: run.x + run.width, chars, monoChars: run.monospace ? chars : 0 };
}

/** A run's piece of text goes to the line's last cell, or starts a cell after a wide gap of blank page (blank runs are no ink). */
function addToCells(line: { cells: CellDraft[]; inkEnd: number }, run: PdfTextRun, piece: string, size: number): void {
  const last = line.cells[line.cells.length - 1];
  if (run.text.trim() === '') {
    if (last) last.text += piece;
    return;
  }
  if (!last || run.x - line.inkEnd > size * CELL_GAP) line.cells.push(draftCell(run, piece.trimStart()));
  else {
    last.text += piece;
    last.endX = Math.max(last.endX, run.x + run.width);
    last.chars += run.text.trim().length;
    last.monoChars += run.monospace ? run.text.trim().length : 0;
  }
  line.inkEnd = Math.max(line.inkEnd, run.x + run.width);
}

function toCells(drafts: CellDraft[]): PdfCell[] {
  return drafts
    .map((draft) => ({ text: draft.text.replace(/\s+/g, ' ').trim(), x: draft.x, endX: draft.endX, monospace: draft.chars > 0 && draft.monoChars >= draft.chars * 0.9 }))
    .filter((cell) => cell.text !== '');
}

/** Smaller type set right after the line's end, raised or lowered by less than the line's size. */
function isScript(run: PdfTextRun, size: number, line: { y: number; endX: number; size: number }): boolean {
  return size <= line.size * 0.85 && Math.abs(run.y - line.y) <= line.size * 0.7 && run.x - line.endX <= line.size;
}

/**
 * A footnote mark: one or two digits in smaller type, raised above the line, set right after a
 * word or its punctuation ("old¹", "end.²"). Read as a Markdown footnote reference, so it is never
 * glued to the word; pdf-footnotes.ts turns it back into digits when the page has no such note.
 */
function footnoteMark(run: PdfTextRun, size: number, line: { text: string; y: number; size: number }): string | undefined {
  const digits = /^\s*(\d{1,2})\s*$/.exec(run.text)?.[1];
  if (digits === undefined || digits.startsWith('0')) return undefined;
  const raised = run.y - line.y > line.size * 0.2 && run.y - line.y <= line.size * 0.7;
  return raised && size <= line.size * 0.85 && /[\p{L}.,;:)”’"]$/u.test(line.text) ? digits : undefined;
}

function toLine(runs: PdfTextRun[], text: string): PdfLine {
  // The line's style is that of most of its characters, so one bold word does not make a heading.
  const weight = new Map<string, { chars: number; run: PdfTextRun }>();
  for (const run of runs) {
    const key = `${run.font}@${roundSize(run.size)}`;
    const entry = weight.get(key) ?? { chars: 0, run };
    entry.chars += run.text.trim().length;
    weight.set(key, entry);
  }
  const dominant = [...weight.values()].sort((a, b) => b.chars - a.chars)[0]!.run;
  // Code is a line set (nearly) all in a monospace face; prose naming an identifier is prose.
  const chars = runs.reduce((sum, run) => sum + run.text.trim().length, 0);
  const monoChars = runs.reduce((sum, run) => sum + (run.monospace ? run.text.trim().length : 0), 0);
  const monospace = chars > 0 && monoChars >= chars * 0.9;
  const first = runs[0]!;
  const endX = Math.max(...runs.map((r) => r.x + r.width));
  // Code keeps its spacing inside the line; prose gets single spaces.
  const clean = monospace ? text.replace(/\t/g, '    ').trim() : text.replace(/\s+/g, ' ').trim();
  return { text: clean, x: first.x, y: first.y, endX, size: roundSize(dominant.size), font: dominant.font, monospace };
}

/** Sizes to the half point: the same style is often drawn at 10.98 and 11.02. */
export function roundSize(size: number): number {
  return Math.round(size * 2) / 2;
}
