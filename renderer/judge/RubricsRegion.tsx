import { RubricSetBrowser } from './RubricSetBrowser.tsx';
import { RubricSetEditor } from './RubricSetEditor.tsx';
import { RubricSetViewer } from './RubricSetViewer.tsx';
import { useRubricsStore } from './rubrics-store.ts';

/** The rubric library: every set and version (left), the chosen one or the editor (right). */
export function RubricsRegion() {
  const editing = useRubricsStore((s) => s.editor !== undefined);
  return (
    <section className="screen-region judge-region judge-rubrics" aria-labelledby="judge-rubrics-title">
      <h2 id="judge-rubrics-title">Rubric sets</h2>
      <p className="muted judge-rubrics__intro">
        Each set scores one tier (process: the trajectory; output: frames beside the design; content: presentation frames) on a 3-point (0–2) or 5-point
        (1–5) scale. A set never changes once stored: editing saves a new version, and every judgment records the version it used.
      </p>
      <div className="judge-rubrics__panes">
        <RubricSetBrowser />
        {editing ? <RubricSetEditor /> : <RubricSetViewer />}
      </div>
    </section>
  );
}
