import { memo, type CSSProperties } from 'react';
import type { PlanMark } from './curation-spans.ts';
import { plainOffsetOf, type MarkdownLine } from '../../schemas/markdown-line/markdown-line.ts';
import { splitAtMatches } from './find-marks.ts';
import { FormattedText, formattedLineClass } from './FormattedText.tsx';

interface LineRowProps {
  line: number;
  /** Undefined while the line's window is loading. */
  text: string | undefined;
  /** The line read as formatted text; undefined shows its Markdown as written. */
  formatted: MarkdownLine | undefined;
  index: number;
  /** The virtualiser's measuring ref, when rows may wrap to more than one height. */
  measure: ((element: HTMLElement | null) => void) | undefined;
  selected: boolean;
  /** Part of a selection made of characters (a drag): the quote is shown by its own highlight, not the whole line's. */
  quoting: boolean;
  highlighted: boolean;
  /** "Setup, Charts" when cited; empty when not. */
  citedBy: string;
  marksOpen: boolean;
  /** In Curate mode: the plans whose chapter in focus cites this line, each shown by its letter in its tone. */
  planMarks: readonly PlanMark[];
  onMarkClick: (line: number) => void;
  matchColumns: readonly number[];
  matchLength: number;
  currentMatchColumn: number | undefined;
  /** The PDF page that begins at this line, if one does. */
  pageStart?: number | undefined;
  /** That page's printed label, where the PDF gives one: the badge shows it instead of the page's index. */
  pageLabel?: string | undefined;
}

/**
 * One source line: its number in the gutter (with a mark when cited) and its text, formatted or
 * as Markdown. Source text is untrusted, so it is only ever React text and elements of our own:
 * never HTML, never a followed link or a loaded image.
 */
export const LineRow = memo(function LineRow(props: LineRowProps) {
  const { line, text, formatted, index, measure, selected, quoting, highlighted, citedBy, marksOpen, planMarks, onMarkClick, matchColumns, matchLength, currentMatchColumn, pageStart, pageLabel } = props;
  const classes = ['line', selected && 'line--selected', quoting && 'line--quoting', highlighted && 'line--highlighted', citedBy && 'line--cited', text === undefined && 'line--loading', pageStart !== undefined && 'line--page-start'];
  return (
    <div className={classes.filter(Boolean).join(' ')} data-line={line} data-index={index} ref={measure}>
      <span className="line__gutter">
        {citedBy && (
          <button
            type="button"
            className="line__mark"
            aria-label={`Line ${line} is cited by ${citedBy}`}
            aria-expanded={marksOpen}
            onClick={() => onMarkClick(line)}
          />
        )}
        {planMarks.length > 0 && (
          <span className="line__plan-marks" role="img" aria-label={`Line ${line} is cited by ${planMarks.map((m) => `${m.name} (${m.letter})`).join(', ')}`}>
            {planMarks.map((m) => (
              <span key={m.key} className={`plan-mark plan-mark--${m.tone}`}>
                {m.letter}
              </span>
            ))}
          </span>
        )}
        <span className="line__number">{line}</span>
      </span>
      {pageStart !== undefined && (
        <span className="line__page" data-page={pageStart} title={pageLabel !== undefined && pageLabel !== String(pageStart) ? `Page ${pageLabel} (page ${pageStart} of the file) begins here` : `Page ${pageStart} begins here`}>
          p. {pageLabel ?? pageStart}
        </span>
      )}
      {formatted && text !== undefined ? (
        <span
          className={`line__text ${formattedLineClass(formatted)}`}
          data-line-text=""
          data-info={formatted.info || undefined}
          style={formatted.kind === 'table-row' ? ({ '--cells': formatted.cells } as CSSProperties) : undefined}
        >
          <FormattedText
            line={formatted}
            marks={matchColumns.map((column) => ({
              from: plainOffsetOf(formatted, column),
              to: plainOffsetOf(formatted, column + matchLength),
              current: column === currentMatchColumn,
            }))}
          />
        </span>
      ) : (
        <span className="line__text" data-line-text="">
          {text === undefined
            ? ''
            : matchColumns.length === 0
              ? text
              : splitAtMatches(text, matchColumns, matchLength, currentMatchColumn).map((piece, i) =>
                  piece.marked ? (
                    <mark key={i} className={piece.current ? 'find-match find-match--current' : 'find-match'}>
                      {piece.text}
                    </mark>
                  ) : (
                    piece.text
                  ),
                )}
        </span>
      )}
    </div>
  );
});
