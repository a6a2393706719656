import { useAnnotatorStore } from './annotator-store.ts';
import { CitedLinesNote } from './CitedLinesNote.tsx';
import { CurationLegend } from './CurationLegend.tsx';
import { useEffect } from 'react';
import { CiteControls } from './CiteControls.tsx';
import { DocumentLines } from './DocumentLines.tsx';
import { ExtractionNotesPanel, notesCount } from './ExtractionNotesPanel.tsx';
import { FindBar } from './FindBar.tsx';
import { OutlinePanel } from './OutlinePanel.tsx';
import { PdfPageView } from './PdfPageView.tsx';
import { VersionPicker } from './VersionPicker.tsx';
import { SOURCE_TYPE_BADGE, formatLineCount } from './source-labels.ts';

/** The open source: its title and version, find, cite, and the virtualised lines. */
export function DocumentPanel() {
  const doc = useAnnotatorStore((s) => s.doc);
  const opening = useAnnotatorStore((s) => s.openingSourceId);
  const outlineOpen = useAnnotatorStore((s) => s.outlineOpen);
  const toggleOutline = useAnnotatorStore((s) => s.toggleOutline);
  const { showMarkdown, wrapLines } = useAnnotatorStore((s) => s.viewer);
  const curating = useAnnotatorStore((s) => s.curating);
  const notesOpen = useAnnotatorStore((s) => s.notesOpen);
  const noteCount = useAnnotatorStore((s) => (s.notes?.versionId === s.doc?.version.id ? notesCount(s.notes) : undefined));
  const { toggleMarkdown, toggleWrap, toggleNotes, loadNotes } = useAnnotatorStore.getState();
  const sourceId = doc?.source.id;
  const versionId = doc?.version.id;
  useEffect(() => {
    if (sourceId && versionId) void loadNotes(sourceId, versionId);
  }, [sourceId, versionId, loadNotes]);
  return (
    <section className="panel panel--document" aria-labelledby="document-title" aria-busy={opening !== undefined}>
      <header className="panel__header">
        <h2 id="document-title">Document</h2>
        {doc && (
          <p className="doc-meta">
            <span className="doc-meta__title">{doc.source.title}</span>
            <span className="muted">
              {SOURCE_TYPE_BADGE[doc.source.type].name} · {formatLineCount(doc.version.lineCount)}
            </span>
            <VersionPicker doc={doc} />
          </p>
        )}
      </header>
      {doc ? (
        <>
          <div className="doc-toolbar">
            <button type="button" aria-expanded={outlineOpen} aria-controls={outlineOpen ? 'doc-outline' : undefined} onClick={toggleOutline}>
              Outline
            </button>
            <button type="button" aria-expanded={notesOpen} aria-controls={notesOpen ? 'doc-notes' : undefined} onClick={toggleNotes} title="What extraction found doubtful in this version (possible tables and headings, pages with little or no text), each with its line to check">
              Extraction notes{noteCount !== undefined && <> <span className="count-badge">{noteCount}</span></>}
            </button>
            <button type="button" aria-pressed={showMarkdown} aria-keyshortcuts="M" onClick={toggleMarkdown} title="Show each line's Markdown as written (M); off shows formatted text">
              Markdown
            </button>
            <button type="button" aria-pressed={wrapLines} aria-keyshortcuts="W" onClick={toggleWrap} title="Wrap long lines to the pane (W); off keeps each line on one row">
              Wrap
            </button>
            <FindBar key={doc.version.id} />
            {!curating && <CiteControls />}
          </div>
          <p id="doc-keys-hint" className="visually-hidden">
            Arrow keys move the line cursor, Shift with arrows selects lines, C cites them, Escape clears. M shows the Markdown source or formatted text; W wraps long lines or keeps them on one row.
          </p>
          {curating ? <CurationLegend versionId={doc.version.id} /> : <CitedLinesNote versionId={doc.version.id} />}
          <div className="doc-body">
            {(outlineOpen || notesOpen) && (
              <div className="doc-body__outline">
                {outlineOpen && (
                  <div id="doc-outline">
                    <OutlinePanel sections={doc.version.sections} />
                  </div>
                )}
                {notesOpen && <ExtractionNotesPanel doc={doc} />}
              </div>
            )}
            <div className="doc-body__text">
              <DocumentLines key={doc.version.id} doc={doc} />
            </div>
            <PdfPageView />
          </div>
        </>
      ) : (
        <p className="panel__empty muted">{opening ? 'Opening…' : 'Choose a source on the left to read it here.'}</p>
      )}
    </section>
  );
}
