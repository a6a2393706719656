import { useState, type FormEvent } from 'react';
import { useArenaStore } from './arena-store.ts';

/** Pick who you are, or add yourself. Synthetic (machine) voters are not offered: a person never votes as one. */
export function AnnotatorPicker() {
  const annotators = useArenaStore((s) => s.annotators);
  const phase = useArenaStore((s) => s.annotatorsPhase);
  const current = useArenaStore((s) => s.annotatorId);
  const { chooseAnnotator, createAnnotator, cancelChange } = useArenaStore.getState();
  const [name, setName] = useState('');
  const [creating, setCreating] = useState(false);
  const people = annotators.filter((a) => !a.synthetic);

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || creating) return;
    setCreating(true);
    await createAnnotator(name);
    setCreating(false);
  };

  return (
    <section className="annotator-picker" aria-labelledby="annotator-picker-title">
      <h2 id="annotator-picker-title">Who is voting?</h2>
      <p className="muted">Every vote is recorded under the profile you choose. This browser remembers it.</p>
      {phase === 'loading' && <p aria-busy="true">Loading annotators…</p>}
      {people.length > 0 && (
        <ul className="annotator-picker__list" aria-label="Annotators">
          {people.map((a) => (
            <li key={a.id}>
              <button type="button" aria-pressed={a.id === current} onClick={() => chooseAnnotator(a.id)}>
                {a.name}
                <span className="muted">
                  {' '}
                  · {a.votes} {a.votes === 1 ? 'vote' : 'votes'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="annotator-picker__new" aria-label="New annotator" onSubmit={(e) => void onCreate(e)}>
        <label>
          {people.length > 0 ? 'Or add yourself' : 'Your name'}
          <input type="text" aria-label="Your name" value={name} maxLength={100} autoComplete="name" onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit" className="primary" disabled={!name.trim() || creating}>
          {creating ? 'Adding…' : 'Add and start voting'}
        </button>
        {current && (
          <button type="button" onClick={cancelChange}>
            Cancel
          </button>
        )}
      </form>
    </section>
  );
}
