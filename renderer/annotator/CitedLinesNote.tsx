import { useEffect, useMemo, useRef } from 'react';
import { useAnnotatorStore } from './annotator-store.ts';
import { citedSpans, spansAtLine } from './citation-marks.ts';
import { formatLineRange } from './source-labels.ts';

/** Which chapters cite a line: opened from the mark in the viewer's gutter. */
export function CitedLinesNote({ versionId }: { versionId: string }) {
  const line = useAnnotatorStore((s) => s.marksLine);
  const chapters = useAnnotatorStore((s) => s.dataRoom?.chapters);
  const activeChapterId = useAnnotatorStore((s) => s.activeChapterId);
  const { showMarksAt, setActiveChapter } = useAnnotatorStore.getState();
  const spans = useMemo(() => (line === undefined ? [] : spansAtLine(citedSpans(chapters ?? [], versionId), line)), [chapters, versionId, line]);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (line !== undefined) ref.current?.focus();
  }, [line]);

  if (line === undefined || spans.length === 0) return null;
  const close = () => {
    showMarksAt(undefined);
    document.querySelector<HTMLElement>(`[data-line="${line}"] .line__mark`)?.focus();
  };
  return (
    <div ref={ref} className="marks-note" role="dialog" aria-label={`Chapters citing line ${line}`} tabIndex={-1} onKeyDown={(e) => e.key === 'Escape' && close()}>
      <p className="marks-note__title">Line {line} is cited by:</p>
      <ul>
        {spans.map((span) => (
          <li key={span.citationId}>
            <button type="button" aria-pressed={span.chapterId === activeChapterId} onClick={() => setActiveChapter(span.chapterId)}>
              {span.chapterTitle}
            </button>{' '}
            <span className="muted">{formatLineRange(span.startLine, span.endLine)}</span>
          </li>
        ))}
      </ul>
      <button type="button" onClick={close}>
        Close
      </button>
    </div>
  );
}
