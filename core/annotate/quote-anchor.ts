import { LhbError } from '../../schemas/lhb-error.ts';
import { quoted } from './quoted.ts';
import type { readPlainLines } from './plain-lines.ts';
import type { SourceLinesReader, SourceVersionRef } from './source-lines-reader.ts';
import { collapseWhitespace, VersionText, type TextSpan } from './version-text.ts';

/** How much text either side of a quote is kept to tell identical quotes apart when re-anchoring. */
export const QUOTE_CONTEXT_CHARS = 64;
/** Lines read either side of the cited ones to fill the prefix and suffix. */
const CONTEXT_LINES = 8;

/** What a citation stores to find its text again: the quote and the text just around it. */
export interface QuoteAnchor {
  quote: string;
  prefix: string;
  suffix: string;
}

/** Up to QUOTE_CONTEXT_CHARS characters before and after the span. */
export function contextAround(text: string, span: TextSpan): { prefix: string; suffix: string } {
  return {
    prefix: text.slice(Math.max(0, span.start - QUOTE_CONTEXT_CHARS), span.start),
    suffix: text.slice(span.end, span.end + QUOTE_CONTEXT_CHARS),
  };
}

/**
 * Checks that `startLine`..`endLine` exist in the version and works out what the citation
 * stores: the quote (by default the cited lines joined with `\n`; a partial selection must occur
 * within those lines, compared with whitespace collapsed, and is stored as the source's own
 * text) and the context either side of it.
 */
export function anchorQuote(sources: SourceLinesReader, version: SourceVersionRef, startLine: number, endLine: number, selection?: string): QuoteAnchor {
  const range = checkLines(version, startLine, endLine);
  const windowStart = Math.max(1, startLine - CONTEXT_LINES);
  const windowEnd = Math.min(version.lineCount, endLine + CONTEXT_LINES);
  const text = new VersionText(sources.lines(version.id, windowStart, windowEnd), windowStart);
  if (text.lastLine < endLine) throw unreadable(version, text.lastLine);
  const cited: TextSpan = { start: text.startOf(startLine), end: text.endOf(endLine) };
  if (collapseWhitespace(text.text.slice(cited.start, cited.end)) === '') {
    throw new LhbError('bad_request', `${capitalise(range)} of source ${version.sourceId} are blank, so there is nothing to quote. Cite lines that contain text.`);
  }
  let span = cited;
  if (selection !== undefined && collapseWhitespace(selection) !== '') {
    const found = text.findQuote(selection, cited)[0];
    if (!found) {
      throw new LhbError(
        'bad_request',
        `The quote ${quoted(selection, 80)} does not occur in ${range} of source ${version.sourceId}. ` +
          `Select the text again, or cite the lines without a quote to quote them whole.`,
      );
    }
    span = found;
  }
  return { quote: text.text.slice(span.start, span.end), ...contextAround(text.text, span) };
}

/** Where a quote is in its lines: plain-text characters into the first line and the last (exclusive). */
export interface CharRange {
  startChar: number;
  endChar: number;
}

/** How lines are read as plain text (`plain-lines.ts`), passed in so the Markdown parser loads only when a selection is cited. */
export type PlainLinesReader = typeof readPlainLines;

/**
 * What a citation of an exact selection stores: the quote is the lines' plain text (as the viewer
 * shows it, Markdown syntax left out) from `startChar` of the first line to `endChar` of the
 * last, and the context either side is plain text too.
 */
export function anchorCharRange(sources: SourceLinesReader, version: SourceVersionRef, startLine: number, endLine: number, chars: CharRange, readPlainLines: PlainLinesReader): QuoteAnchor {
  const range = checkLines(version, startLine, endLine);
  const windowStart = Math.max(1, startLine - CONTEXT_LINES);
  const windowEnd = Math.min(version.lineCount, endLine + CONTEXT_LINES);
  const plain = readPlainLines(sources, version, windowStart, windowEnd);
  const text = new VersionText(plain.map((line) => line.text), windowStart);
  if (text.lastLine < endLine) throw unreadable(version, text.lastLine);
  const firstLength = plain[startLine - windowStart]!.text.length;
  const lastLength = plain[endLine - windowStart]!.text.length;
  if (chars.startChar > firstLength) {
    throw new LhbError('bad_request', `Cannot start the quote at character ${chars.startChar} of line ${startLine}: its text has ${firstLength} characters. Select the text again.`, { field: 'startChar' });
  }
  if (chars.endChar > lastLength) {
    throw new LhbError('bad_request', `Cannot end the quote at character ${chars.endChar} of line ${endLine}: its text has ${lastLength} characters. Select the text again.`, { field: 'endChar' });
  }
  const span: TextSpan = { start: text.startOf(startLine) + chars.startChar, end: text.startOf(endLine) + chars.endChar };
  if (span.end <= span.start || collapseWhitespace(text.text.slice(span.start, span.end)) === '') {
    throw new LhbError('bad_request', `The selection in ${range} of source ${version.sourceId} holds no text to quote. Select words, or cite the lines whole.`, { field: 'endChar' });
  }
  return { quote: text.text.slice(span.start, span.end), ...contextAround(text.text, span) };
}

/** Refuses lines outside the version; returns how the range is named in messages. */
function checkLines(version: SourceVersionRef, startLine: number, endLine: number): string {
  const range = `lines ${startLine}–${endLine}`;
  if (!(Number.isInteger(startLine) && Number.isInteger(endLine) && startLine >= 1 && startLine <= endLine && endLine <= version.lineCount)) {
    throw new LhbError(
      'bad_request',
      `Cannot cite ${range} of source ${version.sourceId} (version ${version.version}): it has ${version.lineCount} lines. ` +
        `Cite a range with 1 ≤ start ≤ end ≤ ${version.lineCount}.`,
    );
  }
  return range;
}

function unreadable(version: SourceVersionRef, lastLine: number): Error {
  return new Error(`Source version ${version.id} says it has ${version.lineCount} lines but only ${lastLine} could be read. Run "Verify workspace".`);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
