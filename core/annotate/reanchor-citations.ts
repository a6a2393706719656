import { listSourceCitations, updateCitationAnchor, type CitationAnchor, type CitationRow } from '../store/citation-repository.ts';
import type { AnnotateDeps } from './annotate-deps.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { contextAround, QUOTE_CONTEXT_CHARS } from './quote-anchor.ts';
import { requireSourceVersion } from './require-records.ts';
import type { SourceLinesReader, SourceVersionRef } from './source-lines-reader.ts';
import { VersionText, type TextSpan } from './version-text.ts';
import { writeTransaction } from '../store/write-transaction.ts';

/** What re-anchoring one source's citations did. */
export interface ReanchorReport {
  sourceId: string;
  versionId: string;
  /** Citations that were on an older version of the source. */
  checked: number;
  /** Found at the same lines. */
  unchanged: number;
  /** Found at other lines. */
  reanchored: number;
  /** Not found: kept on their old version and lines, flagged `orphaned`. */
  orphaned: number;
  orphanedCitationIds: string[];
}

/**
 * After a source gains a new version, moves each of its citations that sits on an older version
 * to the new one by finding its quote there. A citation whose quote is gone stays where it was
 * (old version, old lines, its quote) with status `orphaned`: never silently moved or dropped.
 * Not an annotator action, so it is not on the undo stack. One transaction.
 */
export function reanchorCitations(deps: AnnotateDeps, sourceId: string, newVersionId: string): ReanchorReport {
  const target = requireSourceVersion(deps.sources, newVersionId);
  if (target.sourceId !== sourceId) {
    throw new LhbError('bad_request', `Version ${newVersionId} belongs to source ${target.sourceId}, not ${sourceId}; re-anchor with that source's own version.`);
  }
  const report: ReanchorReport = { sourceId, versionId: newVersionId, checked: 0, unchanged: 0, reanchored: 0, orphaned: 0, orphanedCitationIds: [] };
  const versionNumbers = new Map<string, number>();
  const versionNumber = (id: string): number => {
    if (!versionNumbers.has(id)) versionNumbers.set(id, deps.sources.version(id)?.version ?? 0);
    return versionNumbers.get(id) as number;
  };
  const stale = listSourceCitations(deps.db, sourceId).filter((c) => c.version_id !== newVersionId && versionNumber(c.version_id) < target.version);
  if (stale.length === 0) return report;
  const text = readWholeVersion(deps.sources, target);
  const anchors = stale.map((citation) => ({ citation, anchor: locateCitation(deps.sources, citation, target, text) }));
  writeTransaction(deps.db, () => {
    for (const { citation, anchor } of anchors) {
      updateCitationAnchor(deps.db, citation.id, anchor);
      report.checked++;
      if (anchor.status === 'orphaned') {
        report.orphaned++;
        report.orphanedCitationIds.push(citation.id);
      } else if (anchor.status === 'ok') report.unchanged++;
      else report.reanchored++;
    }
  })();
  return report;
}

export function readWholeVersion(sources: SourceLinesReader, version: SourceVersionRef): VersionText {
  return new VersionText(version.lineCount > 0 ? sources.lines(version.id, 1, version.lineCount) : []);
}

/**
 * Where the citation's quote is in `target`: exact matches first, whitespace-collapsed ones when
 * there are none; among several, the one whose surroundings best match the stored prefix and
 * suffix, then the one closest to the old lines. Lines cited around the quote (a partial
 * selection inside a wider range) keep the same margin. Not found: the old anchor, `orphaned`.
 */
export function locateCitation(sources: SourceLinesReader, citation: CitationRow, target: SourceVersionRef, text: VersionText): CitationAnchor {
  const spans = text.findQuote(citation.quote);
  if (spans.length === 0 || text.lines.length === 0) {
    return { ...pickAnchor(citation), status: 'orphaned' };
  }
  const margin = quoteMargin(sources, citation);
  const placed = spans.map((span) => {
    const startLine = Math.max(1, text.lineAt(span.start) - margin.before);
    const endLine = Math.min(text.lastLine, text.lineAt(Math.max(span.start, span.end - 1)) + margin.after);
    return { span, startLine, endLine, score: contextScore(text.text, span, citation), distance: Math.abs(startLine - citation.start_line) };
  });
  placed.sort((a, b) => b.score - a.score || a.distance - b.distance);
  const best = placed[0] as (typeof placed)[number];
  const unchanged = best.startLine === citation.start_line && best.endLine === citation.end_line;
  return {
    version_id: target.id,
    source_sha256: target.sha256,
    start_line: best.startLine,
    end_line: best.endLine,
    quote: text.text.slice(best.span.start, best.span.end),
    ...contextAround(text.text, best.span),
    status: unchanged ? 'ok' : 'reanchored',
  };
}

function pickAnchor(c: CitationRow): Omit<CitationAnchor, 'status'> {
  return { version_id: c.version_id, source_sha256: c.source_sha256, start_line: c.start_line, end_line: c.end_line, quote: c.quote, prefix: c.prefix, suffix: c.suffix };
}

/** Lines cited before and after the quote's own lines in the citation's current version. */
function quoteMargin(sources: SourceLinesReader, c: CitationRow): { before: number; after: number } {
  const old = new VersionText(sources.lines(c.version_id, c.start_line, c.end_line), c.start_line);
  const span = old.lines.length > 0 ? old.findQuote(c.quote)[0] : undefined;
  if (!span) return { before: 0, after: 0 };
  return {
    before: Math.max(0, old.lineAt(span.start) - c.start_line),
    after: Math.max(0, c.end_line - old.lineAt(Math.max(span.start, span.end - 1))),
  };
}

/** How many characters of the stored prefix and suffix agree with the text around the span. */
function contextScore(text: string, span: TextSpan, c: CitationRow): number {
  const reach = QUOTE_CONTEXT_CHARS * 4;
  const before = squash(text.slice(Math.max(0, span.start - reach), span.start));
  const after = squash(text.slice(span.end, span.end + reach));
  return commonSuffixLength(squash(c.prefix), before) + commonPrefixLength(squash(c.suffix), after);
}

const squash = (text: string): string => text.replace(/\s+/g, ' ');

function commonPrefixLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

function commonSuffixLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}
