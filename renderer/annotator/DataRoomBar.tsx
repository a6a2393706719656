import { useState } from 'react';
import { useAnnotatorStore } from './annotator-store.ts';
import { NewDataRoomForm } from './NewDataRoomForm.tsx';
import { PlanAnnotatorBar } from './PlanAnnotatorBar.tsx';
import { UndoRedoButtons } from './UndoRedoButtons.tsx';

/** Which data room is open (a picker when there are several), a new one, whose plan is on screen, the owner's Curate mode, and undo/redo. An SME's link has its one room. */
export function DataRoomBar() {
  const dataRooms = useAnnotatorStore((s) => s.dataRooms);
  const dataRoom = useAnnotatorStore((s) => s.dataRoom);
  const openDataRoom = useAnnotatorStore((s) => s.openDataRoom);
  const invited = useAnnotatorStore((s) => s.invite !== undefined);
  const [creating, setCreating] = useState(false);
  const curating = useAnnotatorStore((s) => s.curating);
  return (
    <div className="data-room-bar">
      {dataRooms.length > 1 && !invited ? (
        <label className="data-room-bar__picker">
          Data room{' '}
          <select value={dataRoom?.id ?? ''} onChange={(e) => void openDataRoom(e.target.value)}>
            {dataRooms.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <h2 className="data-room-bar__title">{dataRoom?.title ?? ''}</h2>
      )}
      {invited ? null : creating ? (
        <NewDataRoomForm onDone={() => setCreating(false)} />
      ) : (
        <button type="button" onClick={() => setCreating(true)}>
          New data room…
        </button>
      )}
      {!invited && (
        <button
          type="button"
          className="data-room-bar__curate"
          aria-pressed={curating}
          title="Curate the room's plans into its gold plan: the plans side by side, each one's spans in the document"
          onClick={() => useAnnotatorStore.getState().setCurating(!curating)}
        >
          Curate
        </button>
      )}
      <UndoRedoButtons />
      <PlanAnnotatorBar />
    </div>
  );
}
