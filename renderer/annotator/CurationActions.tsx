import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { CurateInput, CurationEdit, GoldProvenance } from '../../schemas/gold-plan.ts';
import { useAnnotatorStore } from './annotator-store.ts';

/** One field of an edit: its key in the curation edit, its label and the item's text now. */
export interface EditField {
  key: keyof CurationEdit;
  label: string;
  value: string;
  kind: 'line' | 'text' | 'number';
}

const ACTION_WORDS: Record<GoldProvenance['action'], string> = { accepted: 'Accepted', edited: 'Edited in', dropped: 'Dropped' };

/** What the curator last decided about the item, in words; empty before any decision. */
export function decisionText(decision: GoldProvenance | undefined): string {
  if (!decision) return '';
  return `${ACTION_WORDS[decision.action]}${decision.curatorNote ? `: “${decision.curatorNote}”` : ''}`;
}

/**
 * Accept, Edit and Drop for one annotator's item, named after it ("Accept chapter “Setup” from
 * Ana"), with the edit's form below them. Plain buttons in Tab order, so keyboard and mouse reach
 * the same controls; the form keeps Escape to cancel and gives the focus back to Edit.
 */
export function CurationActions({ what, item, fields, decision }: { what: string; item: CurateInput['item']; fields: EditField[]; decision?: GoldProvenance | undefined }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const curate = useAnnotatorStore((s) => s.curate);
  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  return (
    <>
      <div className="curation-actions" role="group" aria-label={`Curate ${what}`}>
        <button type="button" aria-label={`Accept ${what}`} onClick={() => void curate('accept', item)}>
          Accept
        </button>
        <button ref={editButton} type="button" aria-label={`Edit ${what}`} aria-expanded={editing} onClick={() => setEditing(!editing)}>
          Edit
        </button>
        <button type="button" aria-label={`Drop ${what}`} onClick={() => void curate('drop', item)}>
          Drop
        </button>
        {decision && <span className={`curation-decision curation-decision--${decision.action}`}>{decisionText(decision)}</span>}
      </div>
      {editing && (
        <CurationEditForm
          what={what}
          fields={fields}
          onCancel={stopEditing}
          onSave={async (edit) => {
            if (await curate('edit', item, edit)) stopEditing();
          }}
        />
      )}
    </>
  );
}

/** The edit of one item into the gold plan: its fields as the item has them now; only changed ones are sent (all, when none changed, so the edit still records). */
function CurationEditForm({ what, fields, onSave, onCancel }: { what: string; fields: EditField[]; onSave: (edit: CurationEdit) => Promise<void>; onCancel: () => void }) {
  const [values, setValues] = useState(() => Object.fromEntries(fields.map((f) => [f.key, f.value])) as Record<string, string>);
  const first = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => first.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changed = fields.filter((f) => values[f.key] !== f.value);
    const edit: Record<string, string | number> = {};
    for (const field of changed.length > 0 ? changed : fields) edit[field.key] = field.kind === 'number' ? Number(values[field.key]) : (values[field.key] ?? '');
    void onSave(edit as CurationEdit);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };
  return (
    <form className="curation-edit" aria-label={`Edit ${what} into the gold plan`} onSubmit={submit} onKeyDown={onKeyDown}>
      {fields.map((field, index) => {
        const props = {
          id: `${id}-${field.key}`,
          value: values[field.key] ?? '',
          onChange: (e: { target: { value: string } }) => setValues({ ...values, [field.key]: e.target.value }),
          ref: index === 0 ? first : undefined,
        };
        return (
          <label key={field.key} htmlFor={props.id}>
            {field.label}
            {field.kind === 'text' ? <textarea {...props} rows={3} /> : <input {...props} type={field.kind === 'number' ? 'number' : 'text'} min={field.kind === 'number' ? 1 : undefined} required />}
          </label>
        );
      })}
      <div className="curation-edit__buttons">
        <button type="submit">Save into the gold plan</button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
