import { codeLines, readMarkdownLine, type MarkdownLine } from '../../schemas/markdown-line/markdown-line.ts';
import type { SourceLinesReader, SourceVersionRef } from './source-lines-reader.ts';

/** Lines read at a time while looking for the code fences above a cited span. */
const SCAN_LINES = 5000;

/**
 * Lines `from`..`to` of a version read as the viewer shows them (schemas/markdown-line): each
 * line's plain text, knowing whether a code fence opened above it is still open.
 */
export function readPlainLines(sources: SourceLinesReader, version: SourceVersionRef, from: number, to: number): MarkdownLine[] {
  let open: string | undefined;
  for (let start = 1; start < from; start += SCAN_LINES) {
    const chunk = sources.lines(version.id, start, Math.min(from - 1, start + SCAN_LINES - 1));
    open = codeLines(chunk, open).openFence;
  }
  const lines = sources.lines(version.id, from, to);
  const { inCode } = codeLines(lines, open);
  return lines.map((line, i) => readMarkdownLine(line, inCode[i]));
}
