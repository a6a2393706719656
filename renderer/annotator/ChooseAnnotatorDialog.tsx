import { useEffect, useState, type FormEvent } from 'react';
import { FieldProblem, markedBy } from '../ui/FieldProblem.tsx';
import { useModalDialog } from '../ui/use-modal-dialog.ts';
import { useAnnotatorStore } from './annotator-store.ts';
import { planOwnerName } from './plan-annotator-slice.ts';

const OWNER = '\u0000owner';
const SOMEONE_ELSE = '\u0000new';

/**
 * "Who is annotating": picks whose plan of the room the screen shows and writes to. A deliberate
 * step (a dialog, never a bare select a stray key could change), remembered in this browser.
 */
export function ChooseAnnotatorDialog({ onClose }: { onClose: () => void }) {
  const dialog = useModalDialog(onClose);
  const current = useAnnotatorStore((s) => s.planAnnotator);
  const known = useAnnotatorStore((s) => s.knownAnnotators);
  const names = [...new Set([...(known ?? []), ...(current ? [current] : [])])].sort((a, b) => a.localeCompare(b));
  const [choice, setChoice] = useState(current ?? OWNER);
  const [newName, setNewName] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  useEffect(() => {
    void useAnnotatorStore.getState().loadKnownAnnotators();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = choice === OWNER ? null : choice === SOMEONE_ELSE ? newName.trim() : choice;
    if (name === '') return setProblem('Type the name of the person annotating, or choose one above.');
    void useAnnotatorStore.getState().switchPlanAnnotator(name);
    dialog.current?.close();
  };

  return (
    <dialog ref={dialog} className="choose-annotator" aria-labelledby="choose-annotator-title" aria-describedby="choose-annotator-about">
      <h2 id="choose-annotator-title">Who is annotating?</h2>
      <p id="choose-annotator-about" className="muted">
        Each person has their own plan of this data room: chapters, citations and notes. The screen shows and changes only the plan of the person chosen here;
        this browser remembers the choice.
      </p>
      <form onSubmit={submit}>
        <fieldset>
          <legend>Annotating as</legend>
          <label>
            <input type="radio" name="plan-annotator" checked={choice === OWNER} onChange={() => setChoice(OWNER)} autoFocus={choice === OWNER} />
            {planOwnerName(null)} (this workspace's own plan)
          </label>
          {names.map((name) => (
            <label key={name}>
              <input type="radio" name="plan-annotator" checked={choice === name} onChange={() => setChoice(name)} autoFocus={choice === name} />
              {name}
            </label>
          ))}
          <label>
            <input type="radio" name="plan-annotator" checked={choice === SOMEONE_ELSE} onChange={() => setChoice(SOMEONE_ELSE)} />
            Someone else
          </label>
          {choice === SOMEONE_ELSE && (
            <label className="choose-annotator__new">
              Name{' '}
              <input
                value={newName}
                maxLength={100}
                autoComplete="name"
                onChange={(e) => {
                  setNewName(e.target.value);
                  setProblem(undefined);
                }}
                {...markedBy('choose-annotator-problem', problem)}
              />
            </label>
          )}
          {known === undefined && <p className="muted">Loading the workspace's annotators…</p>}
        </fieldset>
        <FieldProblem id="choose-annotator-problem" message={problem} />
        <div className="choose-annotator__actions">
          <button type="submit" className="primary">
            Switch
          </button>
          <button type="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
