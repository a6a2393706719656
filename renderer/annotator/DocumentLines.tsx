import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useAnnotatorStore } from './annotator-store.ts';
import { citedSpans, citingChapterTitles, spansAtLine } from './citation-marks.ts';
import { useCurationSpans } from './CurationLegend.tsx';
import { planMarksAtLine, NO_MARKS } from './curation-spans.ts';
import { inCodeAt } from './code-fences.ts';
import type { OpenDocument } from './document-slice.ts';
import { matchOffsetsOnLine } from './find-marks.ts';
import { LineRow } from './LineRow.tsx';
import { markdownLine } from './markdown-line-cache.ts';
import { buildRowModel } from './row-model.ts';
import { SectionHeaderRow } from './SectionHeaderRow.tsx';
import type { ShownLines } from './selection-to-lines.ts';
import { useLineKeyboard } from './use-line-keyboard.ts';
import { useQuotePreview } from './use-quote-preview.ts';
import { useSelectionTracking } from './use-selection-tracking.ts';
import { useSettledScroll, type ScrollAlign } from './use-settled-scroll.ts';

/**
 * Row height in px; wrapped lines are measured once they are on screen. Lines wrap unless the
 * reader keeps them long (the viewer's setting): a measured row makes the virtualiser recompute
 * the rows after it (~0.25 ms per thousand rows), so a million-line log reads faster unwrapped.
 */
const ROW_HEIGHT = 20;
/** Lines asked for beyond each edge of the view, so scrolling finds them already loaded. */
const PREFETCH_LINES = 120;
const NO_COLUMNS: readonly number[] = [];

const inRange = (line: number, range: { startLine: number; endLine: number } | undefined) => range !== undefined && line >= range.startLine && line <= range.endLine;

/**
 * The open version's lines, virtualised: only the rows on screen (and a few either side) are in
 * the DOM, and their text comes from the line window cache, fetched as the view moves. Each line
 * is read into formatted text only when it is in the window (and once per text), so a
 * 1,000,000-line source therefore costs what a screenful costs.
 */
export function DocumentLines({ doc }: { doc: OpenDocument }) {
  const collapsed = useAnnotatorStore((s) => s.collapsed);
  const selection = useAnnotatorStore((s) => s.selection);
  const highlight = useAnnotatorStore((s) => s.highlight);
  const scrollRequest = useAnnotatorStore((s) => s.scrollRequest);
  const find = useAnnotatorStore((s) => s.find);
  const chapters = useAnnotatorStore((s) => s.dataRoom?.chapters);
  const marksLine = useAnnotatorStore((s) => s.marksLine);
  const { showMarkdown, wrapLines } = useAnnotatorStore((s) => s.viewer);
  const { toggleSection, setSelection, showMarksAt, keepTopLine, keptTopLine, takeScrollRequest } = useAnnotatorStore.getState();

  const { version, lines, fences } = doc;
  const model = useMemo(() => buildRowModel(version.lineCount, version.sections, collapsed), [version, collapsed]);
  const curating = useAnnotatorStore((s) => s.curating);
  // In Curate mode the gutter shows every plan's spans for the chapter in focus instead of the plan on screen's.
  const spans = useMemo(() => (curating ? [] : citedSpans(chapters ?? [], version.id)), [curating, chapters, version.id]);
  const curated = useCurationSpans(version.id);
  const planOrder = useMemo(() => curated.plans.map((p) => p.mark), [curated.plans]);
  // Page 1 starts the document; every later page's first line shows where it begins.
  const pageStarts = useMemo(() => new Map(version.pages.filter((p) => p.page > 1).map((p) => [p.startLine, p])), [version.pages]);
  useSyncExternalStore(lines.subscribe, lines.getVersion);

  const wrap = wrapLines;
  const readLine = useCallback(
    (line: number) => {
      const text = lines.getLine(line);
      return text === undefined ? undefined : markdownLine(text, inCodeAt(fences, line));
    },
    [lines, fences],
  );
  // What selection tracking and the quote preview read lines through: always this render's.
  const shown = useRef<ShownLines>({ line: readLine, showsMarkdown: showMarkdown });
  shown.current = { line: readLine, showsMarkdown: showMarkdown };
  const viewerRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: model.rowCount, getScrollElement: () => viewerRef.current, estimateSize: () => ROW_HEIGHT, overscan: 6 });
  // Rows change height when lines start or stop wrapping, or show Markdown instead of text.
  useEffect(() => virtualizer.measure(), [virtualizer, wrap, showMarkdown]);
  const items = virtualizer.getVirtualItems();
  const firstLine = items.length > 0 ? model.lineAtOrAfter(items[0]!.index) : undefined;
  const lastLine = items.length > 0 ? model.lineAtOrBefore(items[items.length - 1]!.index) : undefined;

  useEffect(() => {
    if (firstLine !== undefined && lastLine !== undefined) lines.want(Math.max(1, firstLine - PREFETCH_LINES), Math.min(version.lineCount, lastLine + PREFETCH_LINES));
  }, [lines, firstLine, lastLine, version.lineCount]);

  const rowsLoaded = () => {
    const shown = virtualizer.getVirtualItems();
    if (shown.length === 0) return false;
    const from = model.lineAtOrAfter(shown[0]!.index);
    const to = model.lineAtOrBefore(shown[shown.length - 1]!.index);
    if (from === undefined || to === undefined) return true;
    for (let line = from; line <= to; line++) if (lines.getLine(line) === undefined && lines.errorAt(line) === undefined) return false;
    return true;
  };
  const scrollToRow = useSettledScroll(viewerRef, virtualizer, rowsLoaded);
  const scrollToLine = useCallback(
    (line: number, align: ScrollAlign = 'auto') => {
      const row = model.rowOfLine(line);
      if (row !== undefined) scrollToRow(row, align);
    },
    [model, scrollToRow],
  );

  // A request carried out once: this viewer, mounted for another source or after another
  // screen, must not repeat one made for an earlier view.
  const requestCarried = useRef(false);
  useEffect(() => {
    if (!scrollRequest || !takeScrollRequest(scrollRequest.seq)) return;
    requestCarried.current = true;
    scrollToLine(scrollRequest.line, 'center');
    // Only a new request scrolls: a changed model (a section folded) must not pull the view back.
  }, [scrollRequest]);

  // The version opens where it was left (unless it opened to show a citation or a match), and
  // every scroll notes its new top line.
  useEffect(() => {
    const kept = keptTopLine(version.id);
    if (!requestCarried.current && kept !== undefined && kept > 1) scrollToLine(kept, 'start');
  }, []);
  const noteTopLine = () => {
    const offset = viewerRef.current?.scrollTop ?? 0;
    const row = virtualizer.getVirtualItemForOffset(offset);
    const line = row ? model.lineAtOrAfter(row.end > offset + 1 ? row.index : row.index + 1) : undefined;
    if (line !== undefined) keepTopLine(version.id, line);
  };

  useSelectionTracking(viewerRef, shown, setSelection);
  useQuotePreview(viewerRef, selection, shown);
  const onKeyDown = useLineKeyboard({
    model,
    selection,
    firstVisibleLine: () => {
      // The first row actually on screen, not the overscan rows above it.
      const offset = virtualizer.scrollOffset ?? 0;
      const row = virtualizer.getVirtualItems().find((item) => item.end > offset);
      return row ? model.lineAtOrAfter(row.index) : firstLine;
    },
    pageRows: () => Math.max(1, Math.floor((viewerRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1),
    onSelect: setSelection,
    scrollToLine,
  });
  const onMarkClick = useCallback((line: number) => showMarksAt(useAnnotatorStore.getState().marksLine === line ? undefined : line), [showMarksAt]);

  const current = find.matches[find.index];
  const loadError = firstLine !== undefined ? lines.errorAt(firstLine) : undefined;
  return (
    <>
      {loadError && (
        <div className="doc-load-error" role="alert">
          Could not read these lines: {loadError}{' '}
          <button type="button" onClick={() => lines.retry()}>
            Retry
          </button>
        </div>
      )}
      <div
        ref={viewerRef}
        className={wrap ? 'doc-lines doc-lines--wrap' : 'doc-lines doc-lines--nowrap'}
        tabIndex={0}
        role="group"
        aria-label={`Lines of ${doc.source.title}`}
        aria-describedby="doc-keys-hint"
        onKeyDown={onKeyDown}
        onScroll={noteTopLine}
      >
        <div className="doc-lines__canvas" style={{ height: virtualizer.getTotalSize() }}>
          {/* The rows on screen sit in normal flow in one block moved to the first one's place. */}
          <div className="doc-lines__window" style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}>
          {items.map((item) => {
            const row = model.rowAt(item.index);
            if (!row) return null;
            if (row.kind === 'header') {
              return (
                <SectionHeaderRow
                  key={`s${row.sectionIndex}`}
                  section={row.section}
                  sectionIndex={row.sectionIndex}
                  collapsed={row.collapsed}
                  index={item.index}
                  measure={wrap ? virtualizer.measureElement : undefined}
                  onToggle={toggleSection}
                />
              );
            }
            const line = row.line;
            const cited = spans.length > 0 ? spansAtLine(spans, line) : [];
            const columns = find.matches.length > 0 ? matchOffsetsOnLine(find.matches, line) : NO_COLUMNS;
            const text = lines.getLine(line);
            const selected = inRange(line, selection);
            return (
              <LineRow
                key={line}
                line={line}
                text={text}
                formatted={showMarkdown ? undefined : readLine(line)}
                index={item.index}
                measure={wrap ? virtualizer.measureElement : undefined}
                selected={selected}
                quoting={selected && selection?.startChar !== undefined}
                highlighted={inRange(line, highlight)}
                citedBy={cited.length > 0 ? citingChapterTitles(cited).join(', ') : ''}
                marksOpen={marksLine === line}
                planMarks={curated.spans.length > 0 ? planMarksAtLine(curated.spans, line, planOrder) : NO_MARKS}
                onMarkClick={onMarkClick}
                matchColumns={columns}
                matchLength={find.query.length}
                currentMatchColumn={current?.line === line ? current.column - 1 : undefined}
                pageStart={pageStarts.get(line)?.page}
                pageLabel={pageStarts.get(line)?.label}
              />
            );
          })}
          </div>
        </div>
      </div>
    </>
  );
}
