import { useEffect, useRef, useState } from 'react';

/**
 * A text field's draft over a value the server keeps: typing saves after `delayMs` of quiet (and
 * when the field goes away), and a new server value (an undo, another record) replaces the draft
 * unless there is unsaved typing.
 */
export function useSavedDraft(saved: string, resetKey: string, save: (text: string) => void, delayMs: number) {
  const [draft, setDraft] = useState(saved);
  const pending = useRef<{ timer: number; text: string } | undefined>(undefined);
  const saveRef = useRef(save);
  saveRef.current = save;

  useEffect(() => {
    if (!pending.current) setDraft(saved);
  }, [saved, resetKey]);

  useEffect(
    () => () => {
      if (!pending.current) return;
      window.clearTimeout(pending.current.timer);
      saveRef.current(pending.current.text);
      pending.current = undefined;
    },
    [],
  );

  const flush = () => {
    if (!pending.current) return;
    window.clearTimeout(pending.current.timer);
    const { text } = pending.current;
    pending.current = undefined;
    saveRef.current(text);
  };

  const change = (text: string) => {
    setDraft(text);
    if (pending.current) window.clearTimeout(pending.current.timer);
    const timer = window.setTimeout(() => {
      pending.current = undefined;
      saveRef.current(text);
    }, delayMs);
    pending.current = { timer, text };
  };

  return { draft, change, flush, editing: draft !== saved };
}
