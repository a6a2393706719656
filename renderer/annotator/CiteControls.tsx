import { useAnnotatorStore } from './annotator-store.ts';
import { formatLineRange } from './source-labels.ts';

/** The Cite button and what it will do: the selected lines and the chapter they go to. */
export function CiteControls() {
  const selection = useAnnotatorStore((s) => s.selection);
  const activeTitle = useAnnotatorStore((s) => s.dataRoom?.chapters.find((c) => c.id === s.activeChapterId)?.title);
  const citeSelection = useAnnotatorStore((s) => s.citeSelection);
  const range = selection ? formatLineRange(selection.startLine, selection.endLine) : undefined;
  return (
    <div className="cite-controls">
      <button type="button" className="primary" onClick={() => void citeSelection()} disabled={!selection} aria-keyshortcuts="C" aria-describedby="cite-hint doc-snap-hint" title={SNAP_NOTE}>
        {range ? `Cite ${range}` : 'Cite'}
      </button>
      <span id="cite-hint" className="cite-controls__hint muted" aria-live="polite">
        {range ? (
          <>
            {range} selected → {activeTitle ? `“${activeTitle}”` : 'a new “Chapter 1”'}. Press <kbd>C</kbd> to cite.
          </>
        ) : (
          <>
            Select lines, then press <kbd>C</kbd> or Cite.
          </>
        )}
      </span>
      <span id="doc-snap-hint" className="visually-hidden">
        {SNAP_NOTE}
      </span>
    </div>
  );
}

/** Why a quote can be a little longer than the drag (snap-selection.ts). */
const SNAP_NOTE = 'A quote takes whole words: a drag that stops inside a word takes the word, and most of a line takes the whole line.';
