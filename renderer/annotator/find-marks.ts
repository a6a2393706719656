import type { FindMatch } from './document-slice.ts';

/**
 * String offsets (0-based) of the matches on `line`. `sources.find` gives 1-based columns in
 * UTF-16 code units, sorted by line, so this is a binary search and a shift by one.
 */
export function matchOffsetsOnLine(matches: readonly FindMatch[], line: number): number[] {
  let lo = 0;
  let hi = matches.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (matches[mid]!.line < line) lo = mid + 1;
    else hi = mid;
  }
  const columns: number[] = [];
  for (let i = lo; i < matches.length && matches[i]!.line === line; i++) columns.push(matches[i]!.column - 1);
  return columns;
}

export interface TextPiece {
  text: string;
  marked: boolean;
  /** The match the find bar is on. */
  current: boolean;
}

/**
 * Cuts a line's text into plain and marked pieces for the matches at `columns` (0-based), each
 * `length` long. Overlapping or out-of-range matches are clipped; the pieces always join back to
 * the line's text.
 */
export function splitAtMatches(text: string, columns: readonly number[], length: number, currentColumn?: number): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const column of [...columns].sort((a, b) => a - b)) {
    const start = Math.max(column, at);
    const end = Math.min(column + length, text.length);
    if (end <= start) continue;
    if (start > at) pieces.push({ text: text.slice(at, start), marked: false, current: false });
    pieces.push({ text: text.slice(start, end), marked: true, current: column === currentColumn });
    at = end;
  }
  if (at < text.length || pieces.length === 0) pieces.push({ text: text.slice(at), marked: false, current: false });
  return pieces;
}
