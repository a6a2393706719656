import { useMemo, type KeyboardEvent } from 'react';
import { EXTRACTION_DOUBT_WORDS, type ExtractionDoubt } from '../../schemas/sources.ts';
import { useAnnotatorStore } from './annotator-store.ts';
import type { OpenDocument } from './document-slice.ts';
import type { ExtractionNotes } from './extraction-notes-slice.ts';
import { SOURCE_TYPE_BADGE } from './source-labels.ts';

/** How many notes the badge shows; undefined while they load, when they failed or when none are kept. */
export function notesCount(notes: ExtractionNotes | undefined): number | undefined {
  return notes?.state === 'ready' && notes.recorded ? notes.doubts.length : undefined;
}

/** Arrow keys, Home and End move between the notes; Enter or Space shows one (the buttons' own keys). */
function moveBetweenNotes(event: KeyboardEvent<HTMLUListElement>): void {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button.notes__item')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
  if (next === undefined || buttons.length === 0) return;
  event.preventDefault();
  buttons[Math.max(0, Math.min(buttons.length - 1, next))]!.focus();
}

/**
 * What extraction found doubtful in the open version (possible tables and headings, pages with
 * little or no text), each with its line and printed page: a click, or Enter, shows the line in
 * the viewer so the SME can check it against the original.
 */
export function ExtractionNotesPanel({ doc }: { doc: OpenDocument }) {
  const notes = useAnnotatorStore((s) => s.notes);
  const { showNote, loadNotes } = useAnnotatorStore.getState();
  const labels = useMemo(() => new Map(doc.version.pages.map((span) => [span.page, span.label ?? String(span.page)])), [doc.version.pages]);
  const placeOf = (doubt: ExtractionDoubt) => `Line ${doubt.line}${doubt.page === undefined ? '' : ` · p. ${labels.get(doubt.page) ?? doubt.page}`}`;

  let body;
  if (!notes || notes.versionId !== doc.version.id || notes.state === 'loading') body = <p className="muted notes__empty">Reading the extraction notes…</p>;
  else if (notes.state === 'failed')
    body = (
      <p className="notes__empty" role="alert">
        {notes.message}{' '}
        <button type="button" onClick={() => void loadNotes(doc.source.id, doc.version.id)}>
          Try again
        </button>
      </p>
    );
  else if (!notes.recorded)
    body = (
      <p className="muted notes__empty">
        {doc.source.type === 'pdf' ? (
          <>
            This version was read before extraction notes were kept. Re-read it with <code>lhb sources renormalise {doc.source.id}</code> to get them.
          </>
        ) : (
          `Extraction notes are kept for PDFs, whose text is rebuilt from the page; this ${SOURCE_TYPE_BADGE[doc.source.type].name.toLowerCase()} is read as written.`
        )}
      </p>
    );
  else if (notes.doubts.length === 0) body = <p className="muted notes__empty">Extraction found nothing doubtful in this version.</p>;
  else
    body = (
      <>
        <p className="notes__intro muted">What extraction found doubtful: check each against the original.</p>
        <ul className="notes__list" onKeyDown={moveBetweenNotes}>
        {notes.doubts.map((doubt, i) => {
          const kind = EXTRACTION_DOUBT_WORDS[doubt.kind];
          return (
            <li key={i}>
              <button type="button" className="notes__item" aria-describedby={`doc-note-${i}`} onClick={() => showNote(doubt, `${kind}. ${doubt.note}`)}>
                <span className="notes__place">{placeOf(doubt)}</span> <span className={`notes__kind notes__kind--${doubt.kind}`}>{kind}</span>
              </button>
              <p id={`doc-note-${i}`} className="notes__note muted">
                {doubt.note}
              </p>
            </li>
          );
        })}
        </ul>
      </>
    );
  return (
    <section id="doc-notes" className="notes" aria-label="Extraction notes">
      {body}
    </section>
  );
}
