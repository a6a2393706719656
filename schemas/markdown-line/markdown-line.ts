import { plainRun, type InlinePiece, type PlainRun } from './inline-pieces.ts';

export type { InlineMark, InlinePiece } from './inline-pieces.ts';

/** What one line of a source's Markdown is, read on its own with the code fences around it. */
export type LineKind = 'text' | 'heading' | 'quote' | 'list' | 'table-row' | 'table-rule' | 'fence' | 'code' | 'rule' | 'blank';

/**
 * One line of a source's Markdown as a reader sees it. `text` is its plain text: what the viewer
 * shows (the DOM text of the line is exactly this), what a quote is cut from, and what a
 * citation's character range counts in. `sourceAt[i]` is the Markdown column (0-based) of plain
 * character i, with one entry more for the end, so positions map both ways.
 */
export interface MarkdownLine {
  kind: LineKind;
  text: string;
  pieces: InlinePiece[];
  sourceAt: number[];
  /** Heading level (1–6), quote depth, or list nesting (0 for a top-level item). */
  level: number;
  /** Table rows: how many cells. */
  cells: number;
  /** Fence lines: the code's language as written after the fence, if any. */
  info: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/u;
const TABLE_RULE = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)+\|?\s*$/u;
const TABLE_ROW = /^\s*\|/u;
const HEADING = /^( {0,3})(#{1,6})(?:[ \t]+|$)/u;
const THEMATIC = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/u;
const QUOTE = /^ {0,3}>[ \t]?/u;
const BULLET = /^([ \t]*)[-*+][ \t]+/u;

/** Whether the line opens or closes a fenced code block, and with what marker. */
export function fenceMarker(line: string): string | undefined {
  return FENCE.exec(line)?.[1];
}

const verbatim = (kind: LineKind, line: string, info = ''): MarkdownLine => ({
  kind,
  text: line,
  pieces: line === '' ? [] : [{ kind: kind === 'code' ? 'code' : 'text', text: line, from: 0, marks: [] }],
  sourceAt: Array.from({ length: line.length + 1 }, (_, i) => i),
  level: 0,
  cells: 0,
  info,
});

const nothing = (kind: LineKind, line: string, info = ''): MarkdownLine => ({ kind, text: '', pieces: [], sourceAt: [line.replace(/\s+$/u, '').length], level: 0, cells: 0, info });

const fromRun = (kind: LineKind, run: PlainRun, level = 0, cells = 0): MarkdownLine => ({ kind, text: run.text, pieces: run.pieces, sourceAt: run.sourceAt, level, cells, info: '' });

/**
 * Reads one line of Markdown into its plain text. `inCode` says the line is inside a fenced code
 * block (see `codeLines`): it is then code, shown and quoted as written.
 */
export function readMarkdownLine(line: string, inCode = false): MarkdownLine {
  if (inCode) return verbatim('code', line);
  const fence = FENCE.exec(line);
  if (fence) return nothing('fence', line, fence[2] ?? '');
  if (line.trim() === '') return nothing('blank', line);
  if (TABLE_RULE.test(line) && line.includes('|')) return nothing('table-rule', line);
  if (TABLE_ROW.test(line)) return tableRow(line);
  if (THEMATIC.test(line)) return nothing('rule', line);
  const heading = HEADING.exec(line);
  if (heading) {
    const closing = /[ \t]+#+[ \t]*$/u.exec(line);
    const body = line.slice(heading[0].length, closing && closing.index >= heading[0].length ? closing.index : line.length);
    return fromRun('heading', plainRun(body, heading[0].length), heading[2]!.length);
  }
  let depth = 0;
  let at = 0;
  for (let quote = QUOTE.exec(line); quote; quote = QUOTE.exec(line.slice(at))) {
    depth++;
    at += quote[0].length;
  }
  if (depth > 0) return fromRun('quote', plainRun(line.slice(at), at), depth);
  const bullet = BULLET.exec(line);
  if (bullet) return fromRun('list', plainRun(line.slice(bullet[0].length), bullet[0].length), Math.floor(bullet[1]!.replace(/\t/gu, '    ').length / 2));
  return fromRun('text', plainRun(line));
}

/** Where a table row's cells begin and end: split at pipes that are neither escaped nor in code. */
function cellSpans(line: string): { start: number; end: number }[] {
  const pipes: number[] = [];
  let tick = 0;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === '\\') i++;
    else if (char === '`') {
      let run = 1;
      while (line[i + run] === '`') run++;
      if (tick === 0) tick = run;
      else if (tick === run) tick = 0;
      i += run - 1;
    } else if (char === '|' && tick === 0) pipes.push(i);
  }
  const spans: { start: number; end: number }[] = [];
  const first = pipes[0] ?? -1;
  const lastPipe = pipes[pipes.length - 1] ?? line.length;
  const closed = line.slice(lastPipe + 1).trim() === '';
  const bounds = [first, ...pipes.slice(1), ...(closed ? [] : [line.length])];
  for (let i = 0; i + 1 < bounds.length; i++) spans.push({ start: bounds[i]! + 1, end: bounds[i + 1]! });
  return spans;
}

/** A table row: its cells' plain text, one tab between cells (as a copied table reads). */
function tableRow(line: string): MarkdownLine {
  const pieces: InlinePiece[] = [];
  const sourceAt: number[] = [];
  let text = '';
  const spans = cellSpans(line);
  spans.forEach((span, cell) => {
    if (cell > 0) {
      pieces.push({ kind: 'cell-break', text: '\t', from: text.length, marks: [], cell: cell - 1 });
      sourceAt.push(span.start - 1);
      text += '\t';
    }
    const raw = line.slice(span.start, span.end);
    const lead = raw.length - raw.trimStart().length;
    const run = plainRun(raw.trim(), span.start + lead, cell);
    for (const piece of run.pieces) pieces.push({ ...piece, from: piece.from + text.length });
    sourceAt.push(...run.sourceAt.slice(0, -1));
    text += run.text;
  });
  sourceAt.push(line.replace(/\s+$/u, '').length);
  return { kind: 'table-row', text, pieces, sourceAt, level: 0, cells: spans.length, info: '' };
}

/** The plain-text offset of Markdown column `column` (0-based): the first character at or after it. */
export function plainOffsetOf(line: MarkdownLine, column: number): number {
  let lo = 0;
  let hi = line.text.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (line.sourceAt[mid]! < column) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The Markdown column (0-based) where plain-text offset `offset` sits. */
export function sourceOffsetOf(line: MarkdownLine, offset: number): number {
  return line.sourceAt[Math.max(0, Math.min(offset, line.text.length))]!;
}

/**
 * Which lines of `lines` (numbered from `firstLine`) are inside fenced code, given whether the
 * line before them is (`openFence`: the marker of the fence still open there, if one is).
 */
export function codeLines(lines: readonly string[], openFence?: string): { inCode: boolean[]; openFence: string | undefined } {
  let open = openFence;
  const inCode = lines.map((line) => {
    const marker = fenceMarker(line);
    const inside = open !== undefined;
    if (marker !== undefined) {
      if (open === undefined) open = marker;
      else if (marker[0] === open[0] && marker.length >= open.length && line.trim() === marker) open = undefined;
      else return true;
    }
    return inside && marker === undefined;
  });
  return { inCode, openFence: open };
}
