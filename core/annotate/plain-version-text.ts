import { codeLines, readMarkdownLine } from '../../schemas/markdown-line/markdown-line.ts';
import type { SourceLinesReader, SourceVersionRef } from './source-lines-reader.ts';
import { VersionText } from './version-text.ts';

/** Stands in for a line not read as plain text: no quote can match across it. */
const UNREAD = '\u0000';

/** Characters that may be Markdown syntax inside a line (emphasis, code, links, escapes, entities, HTML, tables, headings). */
const MARKUP = /[\\`*_[\]<>&!~|#]/u;
/** A line opening a list item or a thematic break with `-` or `+`. */
const LIST_OR_RULE = /^\s*[-+]/u;

/**
 * The plain text of one Markdown line, as `readMarkdownLine` gives it (what the viewer shows and
 * quotes count in). A text line with no syntax at all is its own plain text with trailing space
 * dropped, so it is not parsed; every other line is read by the viewer's own reader.
 */
export function plainTextOf(line: string, inCode: boolean): string {
  if (!inCode && line.trim() !== '' && !MARKUP.test(line) && !LIST_OR_RULE.test(line)) return line.replace(/\s+$/u, '');
  return readMarkdownLine(line, inCode).text;
}

/**
 * A whole version as plain text, line for line (line n of the result is line n of the version).
 * `wanted` picks the lines to read (default: all); the others stand as lines no quote matches, so
 * a search can look near likely places first without parsing a large source whole.
 */
export function readPlainVersion(sources: SourceLinesReader, version: SourceVersionRef, markdown?: readonly string[], wanted?: readonly boolean[]): VersionText {
  const lines = markdown ?? (version.lineCount > 0 ? sources.lines(version.id, 1, version.lineCount) : []);
  const { inCode } = codeLines(lines);
  return new VersionText(lines.map((line, i) => (wanted && !wanted[i] ? UNREAD : plainTextOf(line, inCode[i]!))));
}

/**
 * Lines of `markdown` that may hold `quote` once read as plain text: those containing one of its
 * two longest words, with `reach` lines either side (a quote may run over several lines). Null
 * when the quote has no word to look for. Only a first guess: markup or hyphenation inside a word
 * can hide it, so a caller that finds nothing here reads the whole version.
 */
export function likelyLines(markdown: readonly string[], quote: string, reach: number): boolean[] | null {
  const words = [...new Set(quote.match(/[\p{L}\p{N}]{3,}/gu) ?? [])].sort((a, b) => b.length - a.length).slice(0, 2);
  if (words.length === 0) return null;
  const wanted = new Array<boolean>(markdown.length).fill(false);
  markdown.forEach((line, i) => {
    if (!words.some((word) => line.includes(word))) return;
    for (let j = Math.max(0, i - reach); j <= Math.min(markdown.length - 1, i + reach); j++) wanted[j] = true;
  });
  return wanted;
}
