/**
 * Line numbering shared by ingestion (line counts, sections) and reading (the viewer's
 * windows): lines are split on "\n" and a final "\n" ends the last line rather than starting an
 * empty one, so "a\nb\n" and "a\nb" both have two lines and "" has none.
 */
export function lineStartOffsets(text: string): Uint32Array {
  if (text.length === 0) return new Uint32Array(0);
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < text.length - 1; at = text.indexOf('\n', at + 1)) count++;
  const starts = new Uint32Array(count);
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < text.length - 1; at = text.indexOf('\n', at + 1)) starts[line++] = at + 1;
  return starts;
}

export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < text.length - 1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** countLines of a UTF-8 text's bytes, without decoding them. */
export function countLinesOfBytes(bytes: Uint8Array): number {
  if (bytes.length === 0) return 0;
  let count = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) count++;
  return bytes[bytes.length - 1] === 0x0a ? count : count + 1;
}

/** Text of 1-based line `line` (without its "\n"), given the offsets from lineStartOffsets. */
export function lineAt(text: string, starts: Uint32Array, line: number): string {
  const start = starts[line - 1];
  if (start === undefined) return '';
  const next = starts[line];
  return text.slice(start, next === undefined ? (text.endsWith('\n') ? text.length - 1 : text.length) : next - 1);
}

/** The 1-based line holding character offset `offset` (binary search over the line starts). */
export function lineOfOffset(starts: Uint32Array, offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}
