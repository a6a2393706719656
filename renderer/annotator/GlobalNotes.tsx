import { useEffect, useRef, useState } from 'react';
import { useAnnotatorStore } from './annotator-store.ts';

/** Quiet time after the last keystroke before the notes are saved. */
export const NOTES_SAVE_DELAY_MS = 500;

const STATUS_TEXT = { idle: '', saving: 'Saving…', saved: 'Saved', failed: 'Not saved' } as const;

/** The data room's global notes, saved ~500 ms after typing stops (and when leaving the screen). */
export function GlobalNotes() {
  const dataRoomId = useAnnotatorStore((s) => s.dataRoom?.id);
  const saved = useAnnotatorStore((s) => s.dataRoom?.globalNotes ?? '');
  const notesState = useAnnotatorStore((s) => s.notesState);
  const saveNotes = useAnnotatorStore((s) => s.saveNotes);
  const [draft, setDraft] = useState(saved);
  const pending = useRef<{ timer: number; text: string } | undefined>(undefined);

  // Take the server's text (another data room, an undo) unless the user has unsaved typing.
  useEffect(() => {
    if (!pending.current) setDraft(saved);
  }, [saved, dataRoomId]);

  // Leaving the screen saves what was typed rather than dropping it.
  useEffect(
    () => () => {
      if (!pending.current) return;
      window.clearTimeout(pending.current.timer);
      void saveNotes(pending.current.text);
      pending.current = undefined;
    },
    [saveNotes],
  );

  const onChange = (text: string) => {
    setDraft(text);
    if (pending.current) window.clearTimeout(pending.current.timer);
    const timer = window.setTimeout(() => {
      pending.current = undefined;
      void saveNotes(text);
    }, NOTES_SAVE_DELAY_MS);
    pending.current = { timer, text };
  };

  return (
    <div className="global-notes">
      <div className="global-notes__head">
        <label htmlFor="global-notes">Global notes</label>
        <span className="global-notes__status muted" role="status">
          {draft !== saved && notesState !== 'saving' ? 'Editing…' : STATUS_TEXT[notesState]}
        </span>
      </div>
      <textarea
        id="global-notes"
        value={draft}
        rows={4}
        maxLength={200_000}
        placeholder="Notes for the whole data room: audience, scope, what good looks like…"
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
