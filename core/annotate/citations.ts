import { randomUUID } from 'node:crypto';
import { citationRef } from '../../schemas/annotate.ts';
import { deleteCitation, insertCitation, nextCitationPosition } from '../store/citation-repository.ts';
import { findChapter } from '../store/chapter-repository.ts';
import type { AnnotateDeps } from './annotate-deps.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { quoted } from './quoted.ts';
import { anchorCharRange, anchorQuote, type PlainLinesReader } from './quote-anchor.ts';
import { planOfChapter, type PlanRef } from './annotator-plans.ts';
import { performAction } from './record-action.ts';
import { requireChapter, requireCitation, requireSourceVersion } from './require-records.ts';

export interface CitationRequest {
  chapterId: string;
  versionId: string;
  startLine: number;
  endLine: number;
  /** The selected text; omitted (or blank) quotes the cited lines whole. */
  quote?: string | undefined;
  /**
   * The exact selection: plain-text characters into `startLine` and `endLine` (exclusive), as the
   * viewer shows the lines. Given, it decides the quote and `quote` is not needed.
   */
  startChar?: number | undefined;
  endChar?: number | undefined;
}

/**
 * Cites lines of one source version into a chapter, after its other citations. A citation of an
 * exact selection (`startChar`, `endChar`) reads the lines as plain text with `readPlainLines`
 * (`plain-lines.ts`, loaded by the caller: it brings the Markdown parser, which no other command needs).
 */
export function addCitation(deps: AnnotateDeps, input: CitationRequest, readPlainLines?: PlainLinesReader): { citationId: string; plan: PlanRef } {
  const chapter = requireChapter(deps.db, input.chapterId);
  const plan = planOfChapter(deps, chapter);
  const version = requireSourceVersion(deps.sources, input.versionId);
  if (input.endLine < input.startLine) {
    throw new LhbError('bad_request', `Cannot cite lines ${input.startLine}–${input.endLine}: the end line is before the start line.`);
  }
  const chars = input.startChar !== undefined && input.endChar !== undefined ? { startChar: input.startChar, endChar: input.endChar } : undefined;
  if (chars && !readPlainLines) throw new Error('addCitation: a citation by characters needs the plain-text reader (plain-lines.ts).');
  const anchor = chars && readPlainLines ? anchorCharRange(deps.sources, version, input.startLine, input.endLine, chars, readPlainLines) : anchorQuote(deps.sources, version, input.startLine, input.endLine, input.quote);
  const id = randomUUID();
  performAction(deps, plan, { label: `Add citation to ${quoted(chapter.title)}` }, (tracker, now) => {
    tracker.track('citations', id);
    insertCitation(deps.db, {
      id,
      chapter_id: chapter.id,
      source_id: version.sourceId,
      version_id: version.id,
      source_sha256: version.sha256,
      start_line: input.startLine,
      end_line: input.endLine,
      ...anchor,
      status: 'ok',
      start_char: chars?.startChar ?? null,
      end_char: chars?.endChar ?? null,
      position: nextCitationPosition(deps.db, chapter.id),
      created_at: now,
    });
  });
  return { citationId: id, plan };
}

/** Removes one citation (undoable); returns its plan. */
export function removeCitation(deps: AnnotateDeps, input: { citationId: string }): PlanRef {
  const citation = requireCitation(deps.db, input.citationId);
  const chapter = findChapter(deps.db, citation.chapter_id);
  if (!chapter) throw new Error(`Citation ${citation.id} (${citationRef({ sourceId: citation.source_id, startLine: citation.start_line, endLine: citation.end_line })}) has no chapter.`);
  const plan = planOfChapter(deps, chapter);
  performAction(deps, plan, { label: `Remove citation from ${quoted(chapter.title)}` }, (tracker) => {
    tracker.track('citations', citation.id);
    deleteCitation(deps.db, citation.id);
  });
  return plan;
}
