import type { Section } from '../../schemas/sources.ts';
import { detachedString } from './detached-string.ts';
import { sectionsFromHeadings, type HeadingLine } from './markdown-sections.ts';
import { UTF8_CHUNK_BYTES, utf8LineChunks } from './utf8-line-chunks.ts';

const MAX_TITLE_CHARS = 120;
const ATX = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
/** Stands for any line too long to be a title. */
const TOO_LONG = 'x'.repeat(MAX_TITLE_CHARS + 1);
const UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;

/**
 * The sections of a plain-text file, in one pass over its lines (a text file is not Markdown,
 * and parsing a 200 MB one as Markdown would take minutes): a `#`-marked line standing alone
 * (a blank line, or the file's edge, above and below it) is a heading of its level (a `#` line
 * run into the lines around it is a comment of a script or a configuration file quoted in the
 * text, and a file of them would otherwise list every comment), and a short line underlined with `===` (level 1) or `---` (level 2) that follows a
 * blank line (or starts the file) is a heading, as in Markdown, reStructuredText and most
 * hand-written text. Nesting follows markdownSections.
 */
export function plainTextSections(text: string, lineCount: number): Section[] {
  return sectionsFromHeadings(plainTextHeadings([text], lineCount), lineCount);
}

/**
 * plainTextSections of a UTF-8 file's bytes (no BOM, "\n" line endings, `lineCount` lines), read a
 * chunk at a time: the whole text is never one string. Throws TypeError when the bytes are not UTF-8.
 */
export function plainTextSectionsOfUtf8(bytes: Uint8Array, lineCount: number, chunkBytes = UTF8_CHUNK_BYTES): Section[] {
  return sectionsFromHeadings(plainTextHeadings(utf8LineChunks(bytes, chunkBytes), lineCount), lineCount);
}

/** The headings of a text given as chunks that each end at a line end (but the last). */
function plainTextHeadings(chunks: Iterable<string>, lineCount: number): HeadingLine[] {
  const headings: HeadingLine[] = [];
  let previous = '';
  let beforePrevious = '';
  let line = 0;
  // A `#` line that had a blank line above it: a heading if the next line is blank too.
  let pending: HeadingLine | undefined;
  for (const text of chunks) {
    for (let start = 0; start < text.length && line < lineCount; ) {
      const newline = text.indexOf('\n', start);
      const end = newline === -1 ? text.length : newline;
      line++;
      if (pending) {
        if (isBlank(text, start, end)) headings.push(pending);
        pending = undefined;
      }
      const first = text.charCodeAt(firstNonSpace(text, start, end));
      // Only lines starting with "#", "=" or "-" can make a heading: test nothing else.
      if (first === 0x23 /* # */ || first === 0x3d /* = */ || first === 0x2d /* - */) {
        const current = text.slice(start, end);
        const atx = first === 0x23 ? ATX.exec(current) : null;
        const underline = first !== 0x23 ? UNDERLINE.exec(current) : null;
        if (atx && atx[2]!.trim() !== '' && atx[2]!.length <= MAX_TITLE_CHARS) {
          if (previous.trim() === '') pending = { title: detachedString(atx[2]!.trim()), level: atx[1]!.length, line };
        } else if (underline && underline[1]!.length >= 3 && isTitleLine(previous) && beforePrevious.trim() === '' && line > 1) {
          headings.push({ title: detachedString(previous.trim()), level: underline[1]![0] === '=' ? 1 : 2, line: line - 1 });
        }
        beforePrevious = previous;
        previous = current;
      } else {
        beforePrevious = previous;
        // Kept only when it may be a title: a short line.
        previous = end - start <= MAX_TITLE_CHARS ? text.slice(start, end) : TOO_LONG;
      }
      start = end + 1;
    }
  }
  if (pending) headings.push(pending);
  // An underline made its title a heading after the fact; a title line met twice (as "=" then "-") counts once.
  return headings.filter((heading, i) => i === 0 || heading.line > headings[i - 1]!.line);
}

function firstNonSpace(text: string, start: number, end: number): number {
  let at = start;
  while (at < end && at < start + 3 && text.charCodeAt(at) === 0x20) at++;
  return at;
}

/** Whether line [start, end) of `text` is empty or only spaces and tabs. */
function isBlank(text: string, start: number, end: number): boolean {
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code !== 0x20 && code !== 0x09 && code !== 0x0d) return false;
  }
  return true;
}

function isTitleLine(line: string): boolean {
  const trimmed = line.trim();
  return trimmed !== '' && line.length <= MAX_TITLE_CHARS && !/^(?: {4}|\t)/.test(line) && !/^(?:=+|-+)$/.test(trimmed);
}
