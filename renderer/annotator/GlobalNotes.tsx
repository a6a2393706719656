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
  const plan = useAnnotatorStore((s) => s.planAnnotator);
  const saveNotes = useAnnotatorStore((s) => s.saveNotes);
  const [draft, setDraft] = useState(saved);
  // Typing waiting to be saved, with the plan it was typed into: a switch of plan saves it there.
  const pending = useRef<{ timer: number; text: string; plan: string | null } | undefined>(undefined);

  // Take the server's text (another data room, an undo) unless the user has unsaved typing.
  useEffect(() => {
    if (!pending.current) setDraft(saved);
  }, [saved, dataRoomId]);

  // Another plan on screen: what was typed goes to the plan it was typed into, and the new plan's notes show.
  useEffect(() => {
    const typed = pending.current;
    if (typed && typed.plan !== plan) {
      window.clearTimeout(typed.timer);
      pending.current = undefined;
      void saveNotes(typed.text, typed.plan);
    }
    setDraft(useAnnotatorStore.getState().dataRoom?.globalNotes ?? '');
  }, [plan, saveNotes]);

  // Leaving the screen saves what was typed rather than dropping it.
  useEffect(
    () => () => {
      if (!pending.current) return;
      window.clearTimeout(pending.current.timer);
      void saveNotes(pending.current.text, pending.current.plan);
      pending.current = undefined;
    },
    [saveNotes],
  );

  const onChange = (text: string) => {
    setDraft(text);
    if (pending.current) window.clearTimeout(pending.current.timer);
    const timer = window.setTimeout(() => {
      pending.current = undefined;
      void saveNotes(text, plan);
    }, NOTES_SAVE_DELAY_MS);
    pending.current = { timer, text, plan };
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
