import { citationRef, type Citation } from '../../schemas/annotate.ts';
import { pageLabel } from '../../schemas/chapter-plan.ts';
import { charRangeLabel, formatLineRange } from './source-labels.ts';

const STATUS_NOTE: Record<Exclude<Citation['status'], 'ok'>, string> = {
  reanchored: 'The source changed; this citation was moved to the new version by its quote. Check it still says what you meant.',
  orphaned: 'The source changed and the quoted text was not found in the new version. The citation is kept as it was; cite the new lines and remove this one.',
};

interface CitationItemProps {
  citation: Citation;
  /** Sent to core and not confirmed yet: shown as saving, with nothing to click. */
  pending?: boolean;
  sourceTitle: string | undefined;
  onOpen: (citation: Citation) => void;
  onRemove: (citationId: string) => void;
  /** The PDF pages the cited lines came from; undefined or null when not known or not a PDF. */
  pages?: { first: number; last: number } | null | undefined;
  onOpenPage?: (citation: Citation) => void;
}

/** One cited span: `source_id:start--end` (opens it in the Document), its quote and its status. */
export function CitationItem({ citation, pending = false, sourceTitle, onOpen, onRemove, pages, onOpenPage }: CitationItemProps) {
  const ref = citationRef(citation);
  const note = citation.status === 'ok' ? undefined : STATUS_NOTE[citation.status];
  const chars =
    citation.startChar !== null && citation.endChar !== null ? (
      <span className="citation__chars muted" title="Where the quote starts and ends: line:character, in the text as the viewer shows it">
        {charRangeLabel(citation.startLine, citation.startChar, citation.endLine, citation.endChar)}
      </span>
    ) : null;
  if (pending) {
    return (
      <li className="citation citation--pending" aria-busy="true">
        <div className="citation__head">
          <span className="citation__ref">{ref}</span>
          {chars}
          <span className="status-badge status-badge--pending">saving…</span>
        </div>
        <blockquote className="citation__quote">{citation.quote}</blockquote>
      </li>
    );
  }
  return (
    <li className={`citation citation--${citation.status}`}>
      <div className="citation__head">
        <button type="button" className="citation__ref" onClick={() => onOpen(citation)} title={`Show ${formatLineRange(citation.startLine, citation.endLine)} of ${sourceTitle ?? 'the source'}`}>
          {ref}
        </button>
        {chars}
        {pages && onOpenPage && (
          <button type="button" className="citation__pages" aria-label={`${pageLabel(pages)} of ${sourceTitle ?? 'the source'}: open beside the text`} title="Show the original page beside the text" onClick={() => onOpenPage(citation)}>
            {pageLabel(pages)}
          </button>
        )}
        {note && (
          <span className={`status-badge status-badge--${citation.status}`} title={note}>
            {citation.status}
          </span>
        )}
        <button type="button" className="icon-button" aria-label={`Remove citation ${ref}`} title="Remove citation" onClick={() => onRemove(citation.id)}>
          ×
        </button>
      </div>
      {sourceTitle && <p className="citation__source muted">{sourceTitle}</p>}
      <blockquote className="citation__quote">{citation.quote}</blockquote>
      {note && <p className="visually-hidden">{note}</p>}
    </li>
  );
}
