import { useEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { TaskKindSchema } from '../../schemas/arena.ts';
import type { JudgeTier, RubricScale } from '../../schemas/judge.ts';
import { EditorField } from './EditorField.tsx';
import { RubricDraftFields } from './RubricDraftFields.tsx';
import { blankRubric, changeDraftScale, errorSummary, evenWeights, toggleTaskKind, weightsBalanced, weightSumMessage, type RubricDraft, type RubricDraftRow } from './rubric-draft.ts';
import { AUTHOR_WORDS, TASK_KIND_WORDS, TIER_WORDS } from './rubric-set-groups.ts';
import { useRubricsStore } from './rubrics-store.ts';

/** Authors a new set, or the next version of one: every field checked as the server will check it. */
export function RubricSetEditor() {
  const editor = useRubricsStore((s) => s.editor)!;
  const { editDraft, cancelEdit, save } = useRubricsStore.getState();
  const form = useRef<HTMLFormElement>(null);
  const { draft, errors } = editor;
  const edit = (change: Partial<RubricDraft>) => editDraft((current) => ({ ...current, ...change }));
  const editRubric = (index: number, change: Partial<RubricDraftRow>) =>
    editDraft((current) => ({ ...current, rubrics: current.rubrics.map((rubric, i) => (i === index ? { ...rubric, ...change } : rubric)) }));
  const moveRubric = (index: number, offset: -1 | 1) =>
    editDraft((current) => {
      const rubrics = [...current.rubrics];
      const [moved] = rubrics.splice(index, 1);
      rubrics.splice(index + offset, 0, moved!);
      return { ...current, rubrics };
    });

  // Opening the editor puts the keyboard in its first field.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, []);

  // The first field with a problem, or (for the weights' sum or the server's refusal) the message itself.
  const focusFirstProblem = () => requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"], .judge-editor__problems')?.focus());
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const saved = await save();
    if (!saved) focusFirstProblem();
  };
  // Ctrl+Enter (⌘+Enter) saves from anywhere in the form, textareas included.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event as unknown as FormEvent);
  };

  const heading = editor.mode === 'new-version' ? `New version of ${draft.name}` : 'New rubric set';
  const balanced = weightsBalanced(draft);
  const problemCount = Object.keys(errors).length;
  return (
    <form ref={form} className="judge-editor" aria-labelledby="judge-editor-title" onSubmit={(e) => void submit(e)} onKeyDown={onKeyDown} noValidate>
      <h3 id="judge-editor-title">{heading}</h3>
      <p className="muted">A stored version never changes; this saves a new one. Ctrl+Enter saves.</p>
      <div className="judge-editor__grid">
        <EditorField id="rubric-set-name" label="Set name" hint="Lowercase, e.g. figma-output." error={errors.name}>
          <input type="text" value={draft.name} onChange={(e) => edit({ name: e.target.value })} autoComplete="off" />
        </EditorField>
        <EditorField id="rubric-set-version" label="Version" error={errors.version}>
          <input type="text" value={draft.version} onChange={(e) => edit({ version: e.target.value })} autoComplete="off" />
        </EditorField>
        <EditorField id="rubric-set-tier" label="Tier" error={errors.tier}>
          <select value={draft.tier} onChange={(e) => edit({ tier: e.target.value as JudgeTier })}>
            {(Object.keys(TIER_WORDS) as JudgeTier[]).map((tier) => (
              <option key={tier} value={tier}>
                {TIER_WORDS[tier]}
              </option>
            ))}
          </select>
        </EditorField>
        <EditorField id="rubric-set-scale" label="Scale" hint="Changing it keeps the lowest, middle and highest anchors.">
          <select value={draft.scale} onChange={(e) => editDraft((current) => changeDraftScale(current, Number(e.target.value) as RubricScale))}>
            <option value={3}>3-point (0–2)</option>
            <option value={5}>5-point (1–5)</option>
          </select>
        </EditorField>
        <EditorField id="rubric-set-author" label="Author">
          <select value={draft.authoredBy} disabled={draft.authoredBy === 'chapter'} onChange={(e) => edit({ authoredBy: e.target.value as RubricDraft['authoredBy'] })}>
            <option value="expert">{AUTHOR_WORDS.expert}</option>
            <option value="llm-generic">{AUTHOR_WORDS['llm-generic']}</option>
            {draft.authoredBy === 'chapter' && <option value="chapter">{AUTHOR_WORDS.chapter}</option>}
          </select>
        </EditorField>
      </div>
      <fieldset className={errors.taskKinds ? 'judge-kinds judge-field--invalid' : 'judge-kinds'} aria-describedby={errors.taskKinds ? 'rubric-set-kinds-error' : 'rubric-set-kinds-hint'}>
        <legend>Judges runs of</legend>
        {TaskKindSchema.options.map((kind) => (
          <label key={kind} className="judge-kinds__choice">
            <input
              type="checkbox"
              checked={draft.taskKinds !== 'any' && draft.taskKinds.includes(kind)}
              aria-invalid={errors.taskKinds ? true : undefined}
              onChange={(e) => edit({ taskKinds: toggleTaskKind(draft.taskKinds, kind, e.target.checked) })}
            />
            {TASK_KIND_WORDS[kind]}
          </label>
        ))}
        <label className="judge-kinds__choice">
          <input type="checkbox" checked={draft.taskKinds === 'any'} onChange={(e) => edit({ taskKinds: e.target.checked ? 'any' : [] })} />
          Any task
        </label>
        <span id="rubric-set-kinds-hint" className="judge-field__hint">
          A run is judged only with the sets for its task&apos;s kind.
        </span>
        {errors.taskKinds && (
          <span id="rubric-set-kinds-error" className="judge-field__error">
            {errors.taskKinds}
          </span>
        )}
      </fieldset>
      <EditorField id="rubric-set-title" label="Title" error={errors.title}>
        <input type="text" value={draft.title} onChange={(e) => edit({ title: e.target.value })} />
      </EditorField>
      <EditorField id="rubric-set-description" label="Description" hint="What the judge is shown, and how to read the anchors." error={errors.description}>
        <textarea rows={2} value={draft.description} onChange={(e) => edit({ description: e.target.value })} />
      </EditorField>

      {draft.rubrics.map((rubric, index) => (
        <RubricDraftFields
          key={rubric.key}
          index={index}
          count={draft.rubrics.length}
          rubric={rubric}
          scale={draft.scale}
          errors={errors}
          onChange={(change) => editRubric(index, change)}
          onMove={(offset) => moveRubric(index, offset)}
          onRemove={() => editDraft((current) => ({ ...current, rubrics: current.rubrics.filter((_, i) => i !== index) }))}
        />
      ))}

      <div className="judge-editor__weights">
        <p role="status" className={balanced ? 'judge-sum judge-sum--ok' : 'judge-sum judge-sum--off'}>
          {weightSumMessage(draft)}
        </p>
        <button type="button" onClick={() => editDraft((current) => ({ ...current, rubrics: [...current.rubrics, blankRubric(current.scale, '0')] }))}>
          Add rubric
        </button>
        <button type="button" onClick={() => editDraft(evenWeights)}>
          Spread weights evenly
        </button>
      </div>

      {(editor.serverError || (editor.attempted && problemCount > 0)) && (
        <div className="judge-editor__problems" role="alert" tabIndex={-1}>
          {editor.serverError ? <p>{editor.serverError}</p> : <p>{errorSummary(errors)}</p>}
          {errors.rubrics && <p>{errors.rubrics}</p>}
          {errors.set && <p>{errors.set}</p>}
          {errors.chapterId && <p>{errors.chapterId}</p>}
        </div>
      )}
      <div className="judge-editor__actions">
        <button type="submit" className="primary" disabled={editor.saving}>
          {editor.saving ? 'Saving…' : 'Save version'}
        </button>
        <button type="button" onClick={cancelEdit} disabled={editor.saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
