import { useAnnotatorStore } from './annotator-store.ts';

/**
 * Undo and Redo, named after what they would undo or redo: the plan on screen's, or in Curate
 * mode the gold plan's own history (as Ctrl+Z and Ctrl+Shift+Z are then).
 */
export function UndoRedoButtons() {
  const curating = useAnnotatorStore((s) => s.curating);
  const undoLabel = useAnnotatorStore((s) => (s.curating ? s.curation?.gold.undoLabel : s.dataRoom?.undoLabel) ?? null);
  const redoLabel = useAnnotatorStore((s) => (s.curating ? s.curation?.gold.redoLabel : s.dataRoom?.redoLabel) ?? null);
  const { undo, redo, goldStep } = useAnnotatorStore.getState();
  return (
    <div className="undo-redo" role="group" aria-label={curating ? 'History of the gold plan' : 'History'}>
      <button type="button" onClick={() => void (curating ? goldStep('undo') : undo())} disabled={!undoLabel} aria-keyshortcuts="Control+Z" title="Undo (Ctrl+Z)">
        {undoLabel ? `Undo: ${undoLabel}` : 'Undo'}
      </button>
      <button type="button" onClick={() => void (curating ? goldStep('redo') : redo())} disabled={!redoLabel} aria-keyshortcuts="Control+Shift+Z Control+Y" title="Redo (Ctrl+Shift+Z or Ctrl+Y)">
        {redoLabel ? `Redo: ${redoLabel}` : 'Redo'}
      </button>
    </div>
  );
}
