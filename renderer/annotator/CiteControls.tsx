import { useAnnotatorStore } from './annotator-store.ts';
import { charRangeLabel, formatLineRange } from './source-labels.ts';

/** The Cite button and what it will do: the selected lines and the chapter they go to. */
export function CiteControls() {
  const selection = useAnnotatorStore((s) => s.selection);
  const activeTitle = useAnnotatorStore((s) => s.dataRoom?.chapters.find((c) => c.id === s.activeChapterId)?.title);
  const citeSelection = useAnnotatorStore((s) => s.citeSelection);
  const range = selection ? formatLineRange(selection.startLine, selection.endLine) : undefined;
  const chars = selection?.startChar !== undefined && selection.endChar !== undefined ? charRangeLabel(selection.startLine, selection.startChar, selection.endLine, selection.endChar) : undefined;
  return (
    <div className="cite-controls">
      <button type="button" className="primary" onClick={() => void citeSelection()} disabled={!selection} aria-keyshortcuts="C" aria-describedby="cite-hint doc-snap-hint" title={SNAP_NOTE}>
        {range ? `Cite ${range}` : 'Cite'}
      </button>
      <span id="cite-hint" className="cite-controls__hint muted" aria-live="polite">
        {range ? (
          <>
            {chars ? `${chars} (${selection?.quote?.length ?? 0} characters)` : range} → {activeTitle ? `“${activeTitle}”` : 'a new “Chapter 1”'}. Press <kbd>C</kbd> to cite.
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
const SNAP_NOTE = 'A quote is the text you selected as you see it, widened only to whole words: a drag that stops inside a word takes the word. The quote is highlighted before you cite it.';
