import type { SourceSummary } from '../../schemas/sources.ts';
import { SOURCE_TYPE_BADGE, formatLineCount } from './source-labels.ts';

interface SourceListItemProps {
  source: SourceSummary;
  open: boolean;
  /** Another source in the list has the same title: show this one's file name under it. */
  showFileName?: boolean;
  onOpen: (sourceId: string) => void;
}

export function SourceListItem({ source, open, showFileName = false, onOpen }: SourceListItemProps) {
  const type = SOURCE_TYPE_BADGE[source.type];
  return (
    <li>
      <button type="button" className="source-item" aria-current={open ? 'true' : undefined} onClick={() => onOpen(source.id)} title={source.originalName}>
        <span className={`type-badge type-badge--${source.type}`} title={type.name}>
          {type.badge}
        </span>
        <span className="source-item__title">{source.title}</span>
        {showFileName && <span className="source-item__file muted">{source.originalName}</span>}
        <span className="source-item__lines muted">{formatLineCount(source.lineCount)}</span>
      </button>
    </li>
  );
}
