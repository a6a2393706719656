import type { StudyRef } from '../../schemas/analysis.ts';

/**
 * The Analysis screen's study picker: one tick box per study of the workspace; the report counts
 * only the ticked studies' runs, or every study and imported run when none is ticked. Nothing
 * shows in a workspace without studies.
 */
export function StudyPicker({ studies, chosen, onChange }: { studies: readonly StudyRef[]; chosen: readonly string[]; onChange: (ids: string[]) => void }) {
  if (studies.length === 0) return null;
  return (
    <fieldset className="analysis-study__studies">
      <legend>Studies</legend>
      <p className="muted">Tick studies to count only their runs, and the votes and judgments on those runs alone. None ticked: every study and imported run.</p>
      {studies.map((study) => (
        <label key={study.id} className="analysis-study__check">
          <input
            type="checkbox"
            checked={chosen.includes(study.id)}
            onChange={(event) => onChange(event.target.checked ? [...chosen, study.id] : chosen.filter((id) => id !== study.id))}
          />
          {study.label}
        </label>
      ))}
    </fieldset>
  );
}
