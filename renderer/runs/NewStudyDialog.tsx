import type { ChangeEvent, FormEvent } from 'react';
import { ConfigurationsTable } from './ConfigurationsTable.tsx';
import { describedBy, FieldProblem } from '../ui/FieldProblem.tsx';
import { useNewStudyStore } from './new-study-store.ts';
import { allowedMcpVariables, listedSkillVersions, runCount, toggledVersions, type StudyForm, type StudyFormField } from './study-form.ts';
import { useModalDialog } from '../ui/use-modal-dialog.ts';

interface NewStudyDialogProps {
  /** Called with the new study's id once the server started it. */
  onStarted: (studyId: string) => void;
}

/**
 * The "New study" form in a modal dialog: the study file's spec field by field (tasks ×
 * configurations × skill versions × repeats), opened from and exported to a study file.
 */
export function NewStudyDialog({ onStarted }: NewStudyDialogProps) {
  const { close, submit, edit, startDemo, loadSkillVersions, openStudyFile, exportStudyFile } = useNewStudyStore.getState();
  const dialog = useModalDialog(close);
  const form = useNewStudyStore((s) => s.form);
  const errors = useNewStudyStore((s) => s.errors);
  const starting = useNewStudyStore((s) => s.starting);
  const tasks = useNewStudyStore((s) => s.tasks);
  const harnesses = useNewStudyStore((s) => s.harnesses);
  const phase = useNewStudyStore((s) => s.choicesPhase);
  const skillChoices = useNewStudyStore((s) => s.skillChoices);
  const fileMessage = useNewStudyStore((s) => s.fileMessage);
  const mcpRequests = useNewStudyStore((s) => s.mcpRequests).filter((request) => form.taskIds.includes(request.taskId));
  const mcpRequestsProblem = useNewStudyStore((s) => s.mcpRequestsProblem);
  const allowedNow = new Set(allowedMcpVariables(form.allowMcpEnv));
  const count = runCount(form);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const studyId = await submit();
    if (studyId) onStarted(studyId);
    else focusFirstProblem(dialog.current);
  };

  const onDemo = async () => {
    const studyId = await startDemo();
    if (studyId) onStarted(studyId);
  };

  const onOpenFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) await openStudyFile(await file.text(), file.name);
  };

  const onExport = () => {
    const yaml = exportStudyFile();
    if (yaml === undefined) return focusFirstProblem(dialog.current);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([yaml], { type: 'application/yaml' }));
    link.download = `${form.name.trim().replace(/[^A-Za-z0-9._-]+/g, '-') || 'study'}.yaml`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  const listedVersions = listedSkillVersions(skillChoices?.phase === 'ready' && skillChoices.dir === form.skillDir.trim() ? skillChoices.versions : [], form.skillVersions);
  const knownTasks = new Set(tasks.map((task) => task.id));
  const unknownTasks = form.taskIds.filter((id) => !knownTasks.has(id));

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

        <div className="study-form__file">
          <label className="study-form__file-open">
            <span>Open a study file</span>
            <input type="file" accept=".yaml,.yml,.json,application/yaml,application/json" onChange={(e) => void onOpenFile(e)} />
          </label>
          <button type="button" onClick={onExport}>
            Export as study file
          </button>
          <button type="button" disabled={starting} aria-describedby="study-demo-help" onClick={() => void onDemo()}>
            Try it with the scripted model
          </button>
          <span id="study-demo-help" className="muted study-form__help">
            Runs the demo study: each installed harness on the demo tasks (a Figma page, one read through an MCP server, a presentation revised twice), against a scripted model. No key needed.
          </span>
          {fileMessage && (
            <pre className={fileMessage.tone === 'problem' ? 'study-form__problem study-form__file-message' : 'muted study-form__file-message'} role={fileMessage.tone === 'problem' ? 'alert' : 'status'}>
              {fileMessage.text}
            </pre>
          )}
        </div>

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
              {unknownTasks.map((id) => (
                <li key={id}>
                  <label className="runs-check">
                    <input type="checkbox" checked onChange={() => edit((f) => void (f.taskIds = f.taskIds.filter((t) => t !== id)))} />
                    {id}
                  </label>
                  <span className="muted study-form__task-id">not a task of this workspace: import it, or untick it</span>
                </li>
              ))}
            </ul>
          )}
        </fieldset>

        <ConfigurationsTable harnesses={harnesses} />

        <fieldset className="study-form__group" aria-describedby={describedBy(errors.skillVersions && 'study-skillVersions-problem')}>
          <legend>Skill</legend>
          <div className="study-form__row" onBlur={() => void loadSkillVersions()}>
            {text('skillDir', 'Skill folder on this machine (optional)', { placeholder: '/home/me/skills/my-skill', help: 'Holds SKILL.md; versions sit in versions/<v>/SKILL.md. Blank runs without a skill.' })}
          </div>
          {form.skillDir.trim() !== '' && (
            <div className="study-form__versions" role="group" aria-label="Skill versions">
              {skillChoices?.phase === 'loading' && <span className="muted">Reading the folder’s versions…</span>}
              {skillChoices?.phase === 'failed' && <span className="study-form__problem">{skillChoices.problem}</span>}
              {listedVersions.map((version) => (
                <label key={version} className="runs-check">
                  <input type="checkbox" checked={form.skillVersions.includes(version)} onChange={(e) => edit((f) => void (f.skillVersions = toggledVersions(listedVersions, f.skillVersions, version, e.target.checked)))} />
                  {version}
                  {version === 'none' ? ' (without SKILL.md)' : version === 'base' ? ' (the folder’s SKILL.md)' : ''}
                </label>
              ))}
              <span className="muted study-form__help">Each version ticked is one arm of every configuration (a configuration may run fewer: its Arms).</span>
            </div>
          )}
          <FieldProblem id="study-skillVersions-problem" message={errors.skillVersions} />
        </fieldset>

        <fieldset className="study-form__group">
          <legend>Runs</legend>
          <div className="study-form__row">
            {text('repeats', 'Repeats', { type: 'number', inputMode: 'numeric', help: 'Runs of each task × configuration × arm.' })}
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
          <div className="study-form__row">
            <label className="runs-check">
              <input type="checkbox" checked={form.noSandbox} aria-describedby={form.noSandbox ? 'study-no-sandbox-warning' : undefined} onChange={(e) => edit((f) => void (f.noSandbox = e.target.checked))} />
              Run without sandbox
            </label>
          </div>
          {form.noSandbox && (
            <p id="study-no-sandbox-warning" className="study-form__warning" role="alert">
              Without the sandbox every agent runs as an ordinary process of yours, its permission prompts bypassed: a hostile or prompt-injected agent can read and change anything
              you can (your home, SSH keys, this workspace&apos;s database, other runs) and reach any process of yours. Each run records that it ran unsandboxed.
            </p>
          )}
        </fieldset>

        <fieldset className="study-form__group">
          <legend>Task MCP servers</legend>
          <div className="study-form__row">
            {text('allowMcpEnv', 'Variables the tasks\' MCP servers may receive', {
              placeholder: 'FIGMA_API_KEY',
              help: 'A task folder’s MCP servers get only the environment variables named here (what its task.json’s env_from or headers_from asks for), separated by spaces. A task asking for any other is refused before the study starts. Blank: none.',
            })}
          </div>
          {mcpRequestsProblem && <p className="study-form__problem">{mcpRequestsProblem}</p>}
          {mcpRequests.length > 0 && (
            <ul className="study-form__mcp-requests" aria-label="What the tasks’ MCP servers ask for">
              {mcpRequests.map((request) => (
                <li key={`${request.taskId}/${request.server}/${request.as}`}>
                  Task {request.taskId}, server {request.server}: {request.variable} (as its {request.transport === 'http' ? `${request.as} header` : `variable ${request.as}`}) —{' '}
                  {allowedNow.has(request.variable) ? <strong>allowed</strong> : <strong className="study-form__problem">not allowed: add it above to give it, or the study is refused</strong>}
                </li>
              ))}
            </ul>
          )}
        </fieldset>

        <p className="study-form__count" role="status">
          {count === undefined
            ? 'Enter the repeats to see how many runs this makes.'
            : `${count} run${count === 1 ? '' : 's'}: ${form.taskIds.length} task${form.taskIds.length === 1 ? '' : 's'} × ${form.configurations.length} configuration${form.configurations.length === 1 ? '' : 's'}${form.skillDir.trim() !== '' ? ' × their arms' : ''} × ${form.repeats.trim()} repeat${form.repeats.trim() === '1' ? '' : 's'}.`}
        </p>
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
