import { listSourceCitations, updateCitationAnchor, type CitationAnchor, type CitationRow } from '../store/citation-repository.ts';
import type { AnnotateDeps } from './annotate-deps.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { contextAround } from './quote-anchor.ts';
import { contextScore, currentAnchor } from './anchor-choice.ts';
import { findChapter } from '../store/chapter-repository.ts';
import { locatePlainCitation, PlainTarget, type NearestCandidate, type PlainVersionReader } from './reanchor-plain-quote.ts';
import { requireSourceVersion } from './require-records.ts';
import type { SourceLinesReader, SourceVersionRef } from './source-lines-reader.ts';
import { VersionText } from './version-text.ts';
import { writeTransaction } from '../store/write-transaction.ts';

/** A citation whose quote is not in the new version: who it is, and the passage most like it there. */
export interface OrphanedCitation {
  citationId: string;
  chapterId: string;
  chapterTitle: string;
  quote: string;
  nearest?: NearestCandidate;
}

/** What re-anchoring one source's citations did. */
export interface ReanchorReport {
  sourceId: string;
  versionId: string;
  /** Citations that were on an older version of the source. */
  checked: number;
  /** Found at the same lines (and characters). */
  unchanged: number;
  /** Found at other lines or characters. */
  reanchored: number;
  movedCitationIds: string[];
  /** Not found: kept on their old version and lines, flagged `orphaned`. */
  orphaned: number;
  orphanedCitationIds: string[];
  orphans: OrphanedCitation[];
}

/**
 * After a source gains a new version, moves each of its citations that sits on an older version
 * to the new one by finding its quote there. A citation of plain text (one with a character
 * range) is looked for in the new version's plain text (`reanchor-plain-quote.ts`; needs
 * `plain`, else it is looked for in the Markdown as older citations are). A citation whose quote
 * is gone stays where it was (old version, old lines, its quote) with status `orphaned`: never
 * silently moved or dropped. Not an annotator action, so it is not on the undo stack. One transaction.
 */
export function reanchorCitations(deps: AnnotateDeps, sourceId: string, newVersionId: string, plain?: PlainVersionReader): ReanchorReport {
  const target = requireSourceVersion(deps.sources, newVersionId);
  if (target.sourceId !== sourceId) {
    throw new LhbError('bad_request', `Version ${newVersionId} belongs to source ${target.sourceId}, not ${sourceId}; re-anchor with that source's own version.`);
  }
  const report: ReanchorReport = { sourceId, versionId: newVersionId, checked: 0, unchanged: 0, reanchored: 0, movedCitationIds: [], orphaned: 0, orphanedCitationIds: [], orphans: [] };
  const versionNumbers = new Map<string, number>();
  const versionNumber = (id: string): number => {
    if (!versionNumbers.has(id)) versionNumbers.set(id, deps.sources.version(id)?.version ?? 0);
    return versionNumbers.get(id) as number;
  };
  const stale = listSourceCitations(deps.db, sourceId).filter((c) => c.version_id !== newVersionId && versionNumber(c.version_id) < target.version);
  if (stale.length === 0) return report;
  const markdown = readVersionLines(deps.sources, target);
  const text = new VersionText(markdown);
  const plainTarget = plain ? new PlainTarget(deps.sources, target, markdown, plain) : undefined;
  const anchors = stale.map((citation) =>
    plainTarget && citation.start_char !== null && citation.end_char !== null
      ? { citation, ...locatePlainCitation(citation, plainTarget) }
      : { citation, anchor: locateCitation(deps.sources, citation, target, text), nearest: undefined },
  );
  writeTransaction(deps.db, () => {
    for (const { citation, anchor, nearest } of anchors) {
      updateCitationAnchor(deps.db, citation.id, anchor);
      report.checked++;
      if (anchor.status === 'orphaned') {
        report.orphaned++;
        report.orphanedCitationIds.push(citation.id);
        const chapterTitle = findChapter(deps.db, citation.chapter_id)?.title ?? '';
        report.orphans.push({ citationId: citation.id, chapterId: citation.chapter_id, chapterTitle, quote: citation.quote, ...(nearest ? { nearest } : {}) });
      } else if (anchor.status === 'ok') report.unchanged++;
      else {
        report.reanchored++;
        report.movedCitationIds.push(citation.id);
      }
    }
  })();
  return report;
}

/** Every line of a version's Markdown. */
export function readVersionLines(sources: SourceLinesReader, version: SourceVersionRef): string[] {
  return version.lineCount > 0 ? sources.lines(version.id, 1, version.lineCount) : [];
}

export function readWholeVersion(sources: SourceLinesReader, version: SourceVersionRef): VersionText {
  return new VersionText(readVersionLines(sources, version));
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
    return { ...currentAnchor(citation), status: 'orphaned' };
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
