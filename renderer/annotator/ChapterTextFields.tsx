import { useState } from 'react';
import type { Chapter } from '../../schemas/annotate.ts';
import { useAnnotatorStore } from './annotator-store.ts';
import { NOTES_SAVE_DELAY_MS } from './GlobalNotes.tsx';
import { useSavedDraft } from './use-saved-draft.ts';

type Field = 'instruction' | 'designNotes';

const FIELD_TEXT: Record<Field, { label: string; placeholder: string }> = {
  instruction: { label: 'Instruction', placeholder: 'What the agent must produce for this chapter…' },
  designNotes: { label: 'Notes', placeholder: 'Design notes: audience, pitfalls, what to leave out…' },
};

function ChapterTextField({ chapter, field }: { chapter: Chapter; field: Field }) {
  const editChapterText = useAnnotatorStore((s) => s.editChapterText);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const save = (text: string) => {
    setState('saving');
    void editChapterText(chapter.id, field, text).then((ok) => setState(ok ? 'saved' : 'failed'));
  };
  const { draft, change, flush, editing } = useSavedDraft(chapter[field], chapter.id, save, NOTES_SAVE_DELAY_MS);
  const id = `chapter-${field}-${chapter.id}`;
  const status = editing && state !== 'saving' ? 'Editing…' : { idle: '', saving: 'Saving…', saved: 'Saved', failed: 'Not saved' }[state];
  return (
    <div className="chapter-text">
      <div className="chapter-text__head">
        <label htmlFor={id}>{FIELD_TEXT[field].label}</label>
        <span className="muted chapter-text__status" aria-live="polite">
          {status}
        </span>
      </div>
      <textarea
        id={id}
        aria-label={`${FIELD_TEXT[field].label} for ${chapter.title}`}
        value={draft}
        rows={field === 'instruction' ? 3 : 2}
        maxLength={100_000}
        placeholder={FIELD_TEXT[field].placeholder}
        onChange={(e) => change(e.target.value)}
        onBlur={flush}
      />
    </div>
  );
}

/**
 * The active chapter's instruction and design notes, saved as you type (one undo step per burst
 * of typing, like every other annotator edit). Other chapters show their instruction's first line.
 */
export function ChapterTextFields({ chapter, active }: { chapter: Chapter; active: boolean }) {
  if (!active) {
    const preview = chapter.instruction.split('\n').find((line) => line.trim() !== '');
    return preview ? <p className="chapter__instruction-preview muted">{preview}</p> : null;
  }
  return (
    <div className="chapter__texts">
      <ChapterTextField chapter={chapter} field="instruction" />
      <ChapterTextField chapter={chapter} field="designNotes" />
    </div>
  );
}
