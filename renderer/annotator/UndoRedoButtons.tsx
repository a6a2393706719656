import { useAnnotatorStore } from './annotator-store.ts';

/** Undo and Redo for every annotator action, named after what they would undo or redo. */
export function UndoRedoButtons() {
  const undoLabel = useAnnotatorStore((s) => s.dataRoom?.undoLabel ?? null);
  const redoLabel = useAnnotatorStore((s) => s.dataRoom?.redoLabel ?? null);
  const { undo, redo } = useAnnotatorStore.getState();
  return (
    <div className="undo-redo" role="group" aria-label="History">
      <button type="button" onClick={() => void undo()} disabled={!undoLabel} aria-keyshortcuts="Control+Z" title="Undo (Ctrl+Z)">
        {undoLabel ? `Undo: ${undoLabel}` : 'Undo'}
      </button>
      <button type="button" onClick={() => void redo()} disabled={!redoLabel} aria-keyshortcuts="Control+Shift+Z Control+Y" title="Redo (Ctrl+Shift+Z or Ctrl+Y)">
        {redoLabel ? `Redo: ${redoLabel}` : 'Redo'}
      </button>
    </div>
  );
}
