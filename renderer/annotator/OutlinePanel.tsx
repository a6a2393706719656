import { useMemo } from 'react';
import type { Section } from '../../schemas/sources.ts';
import { useAnnotatorStore } from './annotator-store.ts';
import { hasHeader } from './row-model.ts';
import { formatLineRange } from './source-labels.ts';

/** The open version's section tree: a click (or Enter) on a section shows its first line. */
export function OutlinePanel({ sections }: { sections: readonly Section[] }) {
  const revealLines = useAnnotatorStore((s) => s.revealLines);
  const headings = useMemo(() => sections.filter(hasHeader), [sections]);
  const top = headings.length > 0 ? Math.min(...headings.map((s) => s.level)) : 1;
  return (
    <nav className="outline" aria-label="Outline">
      {headings.length === 0 ? (
        <p className="muted outline__empty">This source has no headings.</p>
      ) : (
        <ul className="outline__list">
          {headings.map((section, i) => (
            <li key={i} style={{ paddingLeft: `${(section.level - top) * 0.75}rem` }}>
              <button type="button" className="outline__item" title={formatLineRange(section.startLine, section.endLine)} onClick={() => revealLines(section.startLine, section.startLine, false)}>
                {section.title || 'Untitled section'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
