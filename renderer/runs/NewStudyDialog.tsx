import type { FormEvent } from 'react';
import { describedBy, FieldProblem } from './FieldProblem.tsx';
import { HarnessChoices } from './HarnessChoices.tsx';
import { useNewStudyStore } from './new-study-store.ts';
import { suggestedKeyEnv, type StudyForm, type StudyFormField } from './study-form.ts';
import { useModalDialog } from '../ui/use-modal-dialog.ts';

interface NewStudyDialogProps {
  /** Called with the new study's id once the server started it. */
  onStarted: (studyId: string) => void;
}

/** The "New study" form in a modal dialog: tasks × harness configurations × repeats, with a skill version or none. */
export function NewStudyDialog({ onStarted }: NewStudyDialogProps) {
  const { close, submit, edit } = useNewStudyStore.getState();
  const dialog = useModalDialog(close);
  const form = useNewStudyStore((s) => s.form);
  const errors = useNewStudyStore((s) => s.errors);
  const starting = useNewStudyStore((s) => s.starting);
  const tasks = useNewStudyStore((s) => s.tasks);
  const harnesses = useNewStudyStore((s) => s.harnesses);
  const phase = useNewStudyStore((s) => s.choicesPhase);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const studyId = await submit();
    if (studyId) onStarted(studyId);
    else focusFirstProblem(dialog.current);
  };

  const text = (field: keyof StudyForm & StudyFormField, label: string, options: { help?: string; placeholder?: string; type?: string; inputMode?: 'numeric' } = {}) => {
    const problem = errors[field];
    const helpId = options.help ? `study-${field}-help` : undefined;
    return (
      <div className="study-form__item">
        <label className="runs-field">
          <span>{label}</span>
          <input
            type={options.type ?? 'text'}
            inputMode={options.inputMode}
            value={form[field] as string}
            placeholder={options.placeholder}
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy(helpId, problem && `study-${field}-problem`)}
            onChange={(e) => edit((f) => void ((f[field] as string) = e.target.value))}
          />
        </label>
        {options.help && (
          <span id={helpId} className="muted study-form__help">
            {options.help}
          </span>
        )}
        <FieldProblem id={`study-${field}-problem`} message={problem} />
      </div>
    );
  };

  return (
    <dialog ref={dialog} className="study-dialog" aria-labelledby="new-study-title">
      <form className="study-form" aria-labelledby="new-study-title" onSubmit={(e) => void onSubmit(e)} noValidate>
        <header className="study-dialog__header">
          <h2 id="new-study-title">New study</h2>
          <button type="button" onClick={() => dialog.current?.close()}>
            Close <kbd aria-hidden="true">Esc</kbd>
          </button>
        </header>
        {phase === 'loading' && <p className="muted">Loading the tasks and harnesses…</p>}

        <fieldset className="study-form__group" aria-describedby={describedBy(errors.tasks && 'study-tasks-problem')}>
          <legend>Tasks</legend>
          <FieldProblem id="study-tasks-problem" message={errors.tasks} />
          {phase === 'ready' && tasks.length === 0 ? (
            <p className="muted">No real tasks in this workspace yet: import a task folder below first. The demo’s synthetic tasks have nothing to give an agent.</p>
          ) : (
            <ul className="study-form__tasks">
              {tasks.map((task) => (
                <li key={task.id}>
                  <label className="runs-check">
                    <input
                      type="checkbox"
                      checked={form.taskIds.includes(task.id)}
                      onChange={(e) =>
                        edit((f) => {
                          f.taskIds = e.target.checked ? [...f.taskIds, task.id] : f.taskIds.filter((id) => id !== task.id);
                        })
                      }
                    />
                    {task.title}
                  </label>
                  <span className="muted study-form__task-id">
                    {task.kind} · {task.id}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </fieldset>

        <HarnessChoices harnesses={harnesses} />

        <fieldset className="study-form__group">
          <legend>Model endpoint</legend>
          <div className="study-form__row">
            {text('endpoint', 'Endpoint (optional)', { type: 'url', placeholder: 'https://…', help: 'Blank: each harness’s own provider.' })}
            {text('apiKeyEnv', 'API key variable name (optional)', { placeholder: suggestedKeyEnv(form, harnesses), help: 'Its value is read on the server when a run starts; never stored.' })}
          </div>
        </fieldset>

        <fieldset className="study-form__group">
          <legend>Skill</legend>
          <div className="study-form__row">
            <label className="runs-check">
              <input type="radio" name="study-skill" checked={form.skill === 'none'} onChange={() => edit((f) => void (f.skill = 'none'))} />
              No skill (an ablation)
            </label>
            <label className="runs-check">
              <input type="radio" name="study-skill" checked={form.skill === 'folder'} onChange={() => edit((f) => void (f.skill = 'folder'))} />
              A skill folder
            </label>
          </div>
          {form.skill === 'folder' && (
            <div className="study-form__row">
              {text('skillDir', 'Skill folder on this machine', { placeholder: '/home/me/skills/my-skill', help: 'Holds SKILL.md; versions sit in versions/<v>/SKILL.md.' })}
              {text('skillVersion', 'Skill version (optional)', { placeholder: 'v2', help: 'Blank installs the folder’s own SKILL.md.' })}
            </div>
          )}
        </fieldset>

        <fieldset className="study-form__group">
          <legend>Runs</legend>
          <div className="study-form__row">
            {text('repeats', 'Repeats', { type: 'number', inputMode: 'numeric', help: 'Runs of each task × harness.' })}
            {text('concurrency', 'Concurrency', { type: 'number', inputMode: 'numeric', help: 'Runs at once.' })}
            {text('timeoutSeconds', 'Timeout per run (seconds)', { type: 'number', inputMode: 'numeric', help: 'Killed with all it started.' })}
            {text('name', 'Study name (optional)', { help: 'Starting a study of the same name again resumes it.' })}
          </div>
        </fieldset>

        <fieldset className="study-form__group">
          <legend>Where runs execute</legend>
          <div className="study-form__row">
            <label className="runs-check">
              <input type="radio" name="study-executor" checked={form.executor === 'local'} onChange={() => edit((f) => void (f.executor = 'local'))} />
              This machine
            </label>
            <label className="runs-check">
              <input type="radio" name="study-executor" checked={form.executor === 'slurm'} onChange={() => edit((f) => void (f.executor = 'slurm'))} />
              A Slurm cluster (one batch job per run)
            </label>
          </div>
          {form.executor === 'slurm' && (
            <div className="study-form__row">
              {text('slurmSharedDir', 'Shared folder', { placeholder: '/shared/lhb', help: 'Every compute node sees it at the same path; remembered for this workspace.' })}
              {text('slurmPartition', 'Partition (optional)', { placeholder: 'gpu' })}
              {text('slurmAccount', 'Account (optional)', {})}
              {text('slurmSshHost', 'Login node over SSH (optional)', { placeholder: 'login.cluster.example', help: 'Blank runs sbatch on this machine; else through ssh with your own SSH config.' })}
              {text('slurmOptions', 'More sbatch options (optional)', { placeholder: '--qos=long', help: 'Separated by spaces.' })}
            </div>
          )}
        </fieldset>

        {errors.form && (
          <p id="study-form-problem" className="study-form__problem study-form__problem--form" role="alert">
            {errors.form}
          </p>
        )}
        <div className="study-form__actions">
          <button type="submit" className="primary" disabled={starting || phase === 'loading'}>
            {starting ? 'Starting…' : 'Start study'}
          </button>
          <button type="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** After a refused submit, the first field marked invalid takes the focus so its problem is read next. */
function focusFirstProblem(root: HTMLElement | null) {
  requestAnimationFrame(() => {
    const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) field.focus();
    else root?.querySelector<HTMLElement>('.study-form__problem')?.scrollIntoView({ block: 'nearest' });
  });
}
