import { useState } from 'react';
import { useAnnotatorStore } from './annotator-store.ts';

/** Names and creates a data room; used for the first one and for more. */
export function NewCourseForm({ onDone }: { onDone?: () => void }) {
  const createCourse = useAnnotatorStore((s) => s.createCourse);
  const [title, setTitle] = useState('');
  return (
    <form
      className="new-course"
      aria-label="New data room"
      onSubmit={(e) => {
        e.preventDefault();
        if (!title.trim()) return;
        void createCourse(title.trim()).then(() => onDone?.());
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
