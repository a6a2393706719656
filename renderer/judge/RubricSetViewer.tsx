import { useEffect, useRef } from 'react';
import { scaleLevels } from '../../schemas/judge.ts';
import { DataTable } from '../ui/DataTable.tsx';
import { AUTHOR_WORDS, setLabel, taskKindWords, TIER_WORDS, usageOf, usageWords } from './rubric-set-groups.ts';
import { useRubricsStore } from './rubrics-store.ts';

/** One set version: each rubric's criterion, weight and the anchor of every level. */
export function RubricSetViewer() {
  const phase = useRubricsStore((s) => s.viewPhase);
  const viewed = useRubricsStore((s) => s.viewed);
  const usage = useRubricsStore((s) => s.usage);
  const { startNewVersion } = useRubricsStore.getState();
  const heading = useRef<HTMLHeadingElement>(null);
  const label = viewed ? setLabel(viewed.set) : undefined;

  // A newly opened (or just saved) version takes the focus, so keyboard users land on it.
  useEffect(() => {
    if (label) heading.current?.focus();
  }, [label]);

  if (!viewed) {
    return (
      <div className="judge-viewer judge-viewer--empty">
        <p className="muted">{phase === 'loading' ? 'Opening the set…' : 'Pick a version on the left to read its rubrics and anchors, or make a new set.'}</p>
      </div>
    );
  }
  const { set } = viewed;
  const used = usageOf(usage, set);
  const levels = [...scaleLevels(set.scale)].reverse();
  return (
    <section className="judge-viewer" aria-labelledby="judge-viewer-title" aria-busy={phase === 'loading'}>
      <h3 id="judge-viewer-title" ref={heading} tabIndex={-1}>
        {label}
      </h3>
      <p className="judge-viewer__title">{set.title}</p>
      {set.description && <p className="muted">{set.description}</p>}
      <dl className="judge-facts">
        <dt>Tier</dt>
        <dd>{TIER_WORDS[set.tier]}</dd>
        <dt>Scale</dt>
        <dd>{set.scale === 3 ? '3-point (0–2)' : '5-point (1–5)'}</dd>
        <dt>Judges runs of</dt>
        <dd>
          {taskKindWords(set.taskKinds ?? 'any')}
          {viewed.taskKindsDeclared ? '' : ' (this version was stored before sets declared their kinds; read from its set or its tier)'}
        </dd>
        <dt>Author</dt>
        <dd>
          {AUTHOR_WORDS[set.authoredBy]}
          {viewed.builtin ? ', built-in' : ', authored in this workspace'}
        </dd>
        <dt>Judgments</dt>
        <dd>
          {usageWords(used)}
          {used && used.judgments > 0 ? ` across ${used.runs} run${used.runs === 1 ? '' : 's'} and ${used.judges} judge${used.judges === 1 ? '' : 's'}` : ''}
        </dd>
      </dl>
      <div className="judge-viewer__actions">
        <button type="button" className="primary" onClick={startNewVersion}>
          New version
        </button>
        <span className="muted">Opens an editable copy as the next version; this one stays as it is.</span>
      </div>
      <ol className="judge-rubric-list">
        {set.rubrics.map((rubric) => (
          <li key={rubric.name} className="judge-rubric">
            <h4>
              {rubric.name} <span className="judge-rubric__weight">weight {rubric.weight}</span>
            </h4>
            <p>{rubric.criterion}</p>
            <DataTable
              className="judge-anchors"
              caption={`Anchors of ${rubric.name}, highest level first`}
              captionClassName="visually-hidden"
              columns={[
                { head: 'Level', cell: (level) => level },
                { head: 'What a judge sees', cell: (level) => rubric.anchors[level] },
              ]}
              rows={levels}
              rowKey={(level) => String(level)}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}
