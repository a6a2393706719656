import { scaleLevels, type RubricScale } from '../../schemas/judge.ts';
import { EditorField } from './EditorField.tsx';
import type { DraftErrors, RubricDraftRow } from './rubric-draft.ts';

interface RubricDraftFieldsProps {
  index: number;
  count: number;
  rubric: RubricDraftRow;
  scale: RubricScale;
  errors: DraftErrors;
  onChange(change: Partial<RubricDraftRow>): void;
  onMove(offset: -1 | 1): void;
  onRemove(): void;
}

/** One rubric of the draft: name, weight, criterion, and an anchor per level (highest first). */
export function RubricDraftFields({ index, count, rubric, scale, errors, onChange, onMove, onRemove }: RubricDraftFieldsProps) {
  const number = index + 1;
  const id = (field: string) => `rubric-${rubric.key}-${field}`;
  const error = (field: string) => errors[`rubrics.${index}.${field}`];
  return (
    <fieldset className="judge-draft-rubric">
      <legend>
        Rubric {number}
        {rubric.name.trim() ? `: ${rubric.name.trim()}` : ''}
      </legend>
      <div className="judge-draft-rubric__row">
        <EditorField id={id('name')} label={`Rubric ${number} name`} error={error('name')}>
          <input type="text" value={rubric.name} onChange={(e) => onChange({ name: e.target.value })} />
        </EditorField>
        <EditorField id={id('weight')} label={`Rubric ${number} weight`} error={error('weight')}>
          <input type="text" inputMode="decimal" className="judge-draft-rubric__weight" value={rubric.weight} onChange={(e) => onChange({ weight: e.target.value })} />
        </EditorField>
      </div>
      <EditorField id={id('criterion')} label={`Rubric ${number} criterion`} hint="What is judged, and where its observable boundary lies." error={error('criterion')}>
        <textarea rows={3} value={rubric.criterion} onChange={(e) => onChange({ criterion: e.target.value })} />
      </EditorField>
      {[...scaleLevels(scale)].reverse().map((level) => (
        <EditorField key={level} id={id(`anchor-${level}`)} label={`Rubric ${number}, level ${level} anchor`} error={error(`anchors.${level}`)}>
          <textarea rows={3} value={rubric.anchors[level] ?? ''} onChange={(e) => onChange({ anchors: { ...rubric.anchors, [level]: e.target.value } })} />
        </EditorField>
      ))}
      <div className="judge-draft-rubric__actions">
        <button type="button" onClick={() => onMove(-1)} disabled={index === 0} aria-label={`Move up rubric ${number}`}>
          Move up
        </button>
        <button type="button" onClick={() => onMove(1)} disabled={index === count - 1} aria-label={`Move down rubric ${number}`}>
          Move down
        </button>
        <button type="button" onClick={onRemove} disabled={count === 1} aria-label={`Remove rubric ${number}`}>
          Remove
        </button>
      </div>
    </fieldset>
  );
}
