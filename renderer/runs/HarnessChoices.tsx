import type { HarnessStatus } from '../../schemas/studies.ts';
import { describedBy, FieldProblem } from './FieldProblem.tsx';
import { useNewStudyStore } from './new-study-store.ts';
import { harnessAvailable } from './study-form.ts';

/** One row per harness the server listed: tick it (when installed), with the version found and the model to run it with. */
export function HarnessChoices({ harnesses }: { harnesses: readonly HarnessStatus[] }) {
  const form = useNewStudyStore((s) => s.form);
  const errors = useNewStudyStore((s) => s.errors);
  const { edit } = useNewStudyStore.getState();

  return (
    <fieldset className="study-form__group" aria-describedby={describedBy(errors.harnesses && 'study-harnesses-problem')}>
      <legend>Harnesses</legend>
      <FieldProblem id="study-harnesses-problem" message={errors.harnesses} />
      <ul className="study-form__harnesses">
        {harnesses.map((status) => {
          const id = status.id;
          const available = harnessAvailable(status);
          const choice = form.harnesses[id] ?? { selected: false, model: status.defaultModel };
          const name = status.displayName;
          const hintId = `study-harness-${id}-hint`;
          const modelProblem = errors[`model:${id}`];
          return (
            <li key={id} className={available ? 'study-form__harness' : 'study-form__harness study-form__harness--missing'}>
              <label className="runs-check">
                <input
                  type="checkbox"
                  checked={choice.selected}
                  disabled={!available && !choice.selected}
                  aria-describedby={hintId}
                  onChange={(e) => edit((f) => void (f.harnesses[id] = { ...(f.harnesses[id] ?? choice), selected: e.target.checked }))}
                />
                {name}
              </label>
              <span id={hintId} className="study-form__harness-hint muted">
                {harnessHint(status)}
              </span>
              <label className="runs-field study-form__model">
                <span>Model for {name}</span>
                <input
                  type="text"
                  value={choice.model}
                  disabled={!choice.selected}
                  spellCheck={false}
                  aria-invalid={modelProblem ? true : undefined}
                  aria-describedby={describedBy(modelProblem && `study-model-${id}-problem`)}
                  onChange={(e) => edit((f) => void (f.harnesses[id] = { ...(f.harnesses[id] ?? choice), model: e.target.value }))}
                />
              </label>
              <FieldProblem id={`study-model-${id}-problem`} message={modelProblem} />
              {status.takesCommand && choice.selected && (
                <label className="runs-field study-form__command">
                  <span>Command (run with sh -c in each run’s folder)</span>
                  <textarea
                    value={form.command}
                    rows={2}
                    spellCheck={false}
                    aria-invalid={errors.command ? true : undefined}
                    aria-describedby={describedBy('study-command-help', errors.command && 'study-command-problem')}
                    onChange={(e) => edit((f) => void (f.command = e.target.value))}
                  />
                  <span id="study-command-help" className="muted study-form__help">
                    The prompt arrives on stdin and in $LHB_PROMPT; what it writes to out/ becomes the run’s artifacts; its stdout is the transcript.
                  </span>
                </label>
              )}
              {status.takesCommand && <FieldProblem id="study-command-problem" message={errors.command} />}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function harnessHint(status: HarnessStatus): string {
  if (status.takesCommand) return 'any executable you name';
  if (status.version !== null && status.problem === null) return `version ${status.version}`;
  return `not installed: lhb harnesses install ${status.id}`;
}
