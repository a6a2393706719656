import type { ReactNode } from 'react';
import type { InlinePiece, MarkdownLine } from '../../schemas/markdown-line/markdown-line.ts';

/** A stretch of a line's plain text to mark (a find match), in plain-text characters. */
export interface TextMark {
  from: number;
  to: number;
  current: boolean;
}

/** Classes of a line's text element by what the line is (heading, code, table row…). */
export function formattedLineClass(line: MarkdownLine): string {
  switch (line.kind) {
    case 'heading':
      return `md md-heading md-h${line.level}`;
    case 'list':
    case 'quote':
      return `md md-${line.kind} md-depth-${Math.min(line.level, 4)}`;
    default:
      return `md md-${line.kind}`;
  }
}

/** `text` with the marks that fall inside [from, from + text.length) shown as <mark>. */
function withMarks(text: string, from: number, marks: readonly TextMark[]): ReactNode {
  const inside = marks.filter((m) => m.to > from && m.from < from + text.length);
  if (inside.length === 0) return text;
  const out: ReactNode[] = [];
  let at = 0;
  for (const mark of inside) {
    const start = Math.max(0, mark.from - from);
    const end = Math.min(text.length, mark.to - from);
    if (start > at) out.push(text.slice(at, start));
    out.push(
      <mark key={start} className={mark.current ? 'find-match find-match--current' : 'find-match'}>
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** One piece as the reader sees it. Links are never followed: their address shows on hover only. */
function Piece({ piece, marks }: { piece: InlinePiece; marks: readonly TextMark[] }) {
  let node: ReactNode = withMarks(piece.text, piece.from, marks);
  if (piece.kind === 'code') node = <code className="md-code-span">{node}</code>;
  else if (piece.kind === 'footnote') node = <sup className="md-footnote">{node}</sup>;
  else if (piece.kind === 'image') node = <span className="md-image" title="Image (not shown)">{node}</span>;
  else if (piece.kind === 'cell-break') node = <span className="md-cell-break">{node}</span>;
  for (const mark of [...piece.marks].reverse()) {
    if (mark === 'emphasis') node = <em>{node}</em>;
    else if (mark === 'strong') node = <strong>{node}</strong>;
    else if (mark === 'delete') node = <del>{node}</del>;
    else node = <span className="md-link" title={piece.href}>{node}</span>;
  }
  return <>{node}</>;
}

/**
 * A line's formatted text, built from its pieces as React elements (never HTML: the text is the
 * source's, untrusted). The text content is exactly `line.text`, so a DOM selection's offsets are
 * plain-text characters. A table row's cells are boxes, each ending in the tab that joins it to
 * the next (zero width on screen, there when copied or quoted).
 */
export function FormattedText({ line, marks }: { line: MarkdownLine; marks: readonly TextMark[] }) {
  if (line.kind !== 'table-row') return line.pieces.map((piece) => <Piece key={piece.from} piece={piece} marks={marks} />);
  const cells: InlinePiece[][] = Array.from({ length: Math.max(line.cells, 1) }, () => []);
  for (const piece of line.pieces) cells[Math.min(piece.cell ?? 0, cells.length - 1)]!.push(piece);
  return cells.map((pieces, cell) => (
    <span key={cell} className="md-cell">
      {pieces.map((piece) => (
        <Piece key={piece.from} piece={piece} marks={marks} />
      ))}
    </span>
  ));
}
