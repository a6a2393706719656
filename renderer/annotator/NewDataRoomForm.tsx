import { useState } from 'react';
import { useAnnotatorStore } from './annotator-store.ts';

/** Names and creates a data room; used for the first one and for more. */
export function NewDataRoomForm({ onDone }: { onDone?: () => void }) {
  const createDataRoom = useAnnotatorStore((s) => s.createDataRoom);
  const [title, setTitle] = useState('');
  return (
    <form
      className="new-data-room"
      aria-label="New data room"
      onSubmit={(e) => {
        e.preventDefault();
        if (!title.trim()) return;
        void createDataRoom(title.trim()).then(() => onDone?.());
      }}
    >
      <label>
        Data room title{' '}
        <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} required autoFocus placeholder="e.g. Analytics dashboard brief" />
      </label>
      <button type="submit" className="primary">
        Create
      </button>
      {onDone && (
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      )}
    </form>
  );
}
