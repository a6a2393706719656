import { memo } from 'react';
import type { Section } from '../../schemas/sources.ts';
import { formatLineRange } from './source-labels.ts';

interface SectionHeaderRowProps {
  section: Section;
  sectionIndex: number;
  collapsed: boolean;
  index: number;
  /** The virtualiser's measuring ref, when rows may wrap to more than one height. */
  measure: ((element: HTMLElement | null) => void) | undefined;
  onToggle: (sectionIndex: number) => void;
}

/** A section's header in the viewer: its title and line range, and the button that folds it. */
export const SectionHeaderRow = memo(function SectionHeaderRow({ section, sectionIndex, collapsed, index, measure, onToggle }: SectionHeaderRowProps) {
  return (
    <div className={`section-row section-row--level-${section.level}`} data-index={index} ref={measure}>
      <button type="button" className="section-row__toggle" aria-expanded={!collapsed} onClick={() => onToggle(sectionIndex)} style={{ paddingLeft: `${(section.level - 1) * 0.9 + 0.4}rem` }}>
        <span className="section-row__chevron" aria-hidden="true">
          {collapsed ? '▸' : '▾'}
        </span>
        <span className="section-row__title">{section.title || 'Untitled section'}</span>
        <span className="section-row__range">{formatLineRange(section.startLine, section.endLine)}</span>
      </button>
    </div>
  );
});
