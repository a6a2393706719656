import { useState, type DragEvent, type KeyboardEvent } from 'react';
import type { Chapter, Citation } from '../../schemas/annotate.ts';
import type { PendingCitation } from './data-room-slice.ts';
import { ChapterTextFields } from './ChapterTextFields.tsx';
import { ChapterTitleEditor } from './ChapterTitleEditor.tsx';
import { CitationItem } from './CitationItem.tsx';

export interface ChapterActions {
  activate(chapterId: string): void;
  rename(chapterId: string, title: string): void;
  move(chapterId: string, toIndex: number): void;
  remove(chapterId: string): void;
  openCitation(citation: Citation): void;
  openCitationPage(citation: Citation): void;
  /** The PDF pages of a citation, once its version's pages are known. */
  pagesOf(citation: Citation): { first: number; last: number } | null | undefined;
  removeCitation(citationId: string): void;
  /** Drag and drop: a chapter is being dragged, or dropped on this one's place. */
  dragStart(chapterId: string): void;
  dropAt(toIndex: number): void;
}

interface ChapterItemProps {
  chapter: Chapter;
  index: number;
  count: number;
  active: boolean;
  dragging: boolean;
  sourceTitles: ReadonlyMap<string, string>;
  /** A citation into this chapter on its way to core. */
  pending: PendingCitation | undefined;
  actions: ChapterActions;
}

/** The pending citation as a row, unless core's answer (already in the chapter) has it. */
function pendingRow(chapter: Chapter, pending: PendingCitation | undefined): Citation | undefined {
  if (!pending || pending.chapterId !== chapter.id) return undefined;
  const saved = chapter.citations.some((c) => c.versionId === pending.versionId && c.startLine === pending.startLine && c.endLine === pending.endLine);
  return saved ? undefined : { ...pending, id: 'pending', sourceSha256: '', prefix: '', suffix: '', status: 'ok', createdAt: '' };
}

export const chapterTitleId = (chapterId: string) => `chapter-title-${chapterId}`;

/**
 * A chapter of the plan: activate it (citations go to the active chapter), rename it inline
 * (F2 or double-click), move it (Alt+↑/↓, the arrow buttons, or drag), delete it (undoable).
 */
export function ChapterItem({ chapter, index, count, active, dragging, sourceTitles, pending, actions }: ChapterItemProps) {
  const [editing, setEditing] = useState(false);
  const [dropTarget, setDropTarget] = useState(false);
  const { title } = chapter;
  const saving = pendingRow(chapter, pending);

  const onKeyDown = (event: KeyboardEvent) => {
    if (editing || (event.target as HTMLElement).closest('input, textarea')) return;
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      actions.move(chapter.id, index + (event.key === 'ArrowUp' ? -1 : 1));
    } else if (event.key === 'F2') {
      event.preventDefault();
      setEditing(true);
    }
  };
  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('application/x-lhb-chapter')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setDropTarget(true);
  };
  const onDrop = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('application/x-lhb-chapter')) return;
    event.preventDefault();
    setDropTarget(false);
    actions.dropAt(index);
  };

  const classes = ['chapter', active && 'chapter--active', dragging && 'chapter--dragging', dropTarget && 'chapter--drop-target'];
  return (
    <li
      className={classes.filter(Boolean).join(' ')}
      aria-current={active ? 'true' : undefined}
      aria-labelledby={chapterTitleId(chapter.id)}
      onKeyDown={onKeyDown}
      onDragOver={onDragOver}
      onDragLeave={() => setDropTarget(false)}
      onDrop={onDrop}
    >
      <div className="chapter__head">
        <span
          className="chapter__handle"
          draggable
          title="Drag to reorder (or Alt+↑/↓)"
          aria-hidden="true"
          onDragStart={(e) => {
            e.dataTransfer.setData('application/x-lhb-chapter', chapter.id);
            e.dataTransfer.effectAllowed = 'move';
            actions.dragStart(chapter.id);
          }}
        >
          ⋮⋮
        </span>
        <span className="chapter__number" aria-hidden="true">
          {index + 1}.
        </span>
        {editing ? (
          <ChapterTitleEditor
            title={title}
            onDone={(next) => {
              setEditing(false);
              if (next !== undefined) actions.rename(chapter.id, next);
              requestAnimationFrame(() => document.getElementById(chapterTitleId(chapter.id))?.focus());
            }}
          />
        ) : (
          <button
            type="button"
            id={chapterTitleId(chapter.id)}
            className="chapter__title"
            aria-pressed={active}
            aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown F2"
            onClick={() => actions.activate(chapter.id)}
            onDoubleClick={() => setEditing(true)}
          >
            {title}
          </button>
        )}
        <span className="chapter__actions">
          <button type="button" className="icon-button" aria-label={`Rename ${title}`} title="Rename (F2)" onClick={() => setEditing(true)}>
            ✎
          </button>
          <button type="button" className="icon-button" aria-label={`Move ${title} up`} title="Move up (Alt+↑)" disabled={index === 0} onClick={() => actions.move(chapter.id, index - 1)}>
            ↑
          </button>
          <button type="button" className="icon-button" aria-label={`Move ${title} down`} title="Move down (Alt+↓)" disabled={index === count - 1} onClick={() => actions.move(chapter.id, index + 1)}>
            ↓
          </button>
          <button type="button" className="icon-button icon-button--danger" aria-label={`Delete ${title}`} title="Delete (undo with Ctrl+Z)" onClick={() => actions.remove(chapter.id)}>
            ✕
          </button>
        </span>
      </div>
      <ChapterTextFields chapter={chapter} active={active} />
      {chapter.citations.length > 0 || saving ? (
        <ul className="citation-list" aria-label={`Citations in ${title}`}>
          {chapter.citations.map((c) => (
            <CitationItem
              key={c.id}
              citation={c}
              sourceTitle={sourceTitles.get(c.sourceId)}
              onOpen={actions.openCitation}
              onRemove={actions.removeCitation}
              pages={actions.pagesOf(c)}
              onOpenPage={actions.openCitationPage}
            />
          ))}
          {saving && <CitationItem citation={saving} pending sourceTitle={sourceTitles.get(saving.sourceId)} onOpen={actions.openCitation} onRemove={actions.removeCitation} />}
        </ul>
      ) : (
        <p className="chapter__empty muted">{active ? 'No citations yet: select lines and press C.' : 'No citations yet.'}</p>
      )}
    </li>
  );
}
