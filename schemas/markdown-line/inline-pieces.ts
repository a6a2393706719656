import type { Nodes } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

/** How a run of text is set: any mix of these, outermost first. */
export type InlineMark = 'emphasis' | 'strong' | 'delete' | 'link';

/**
 * One run of a line's plain text with one look: ordinary text, a code span, a footnote marker, an
 * image's alt text, or (in table rows) the tab between two cells. `from` is where it starts in the
 * line's plain text; `cell` says which table cell it is in.
 */
export interface InlinePiece {
  kind: 'text' | 'code' | 'footnote' | 'image' | 'cell-break';
  text: string;
  from: number;
  marks: readonly InlineMark[];
  /** The link's address (shown on hover, never followed) when `marks` has `link`. */
  href?: string;
  cell?: number;
}

/** The plain text of a run of Markdown and, for each of its characters, where it came from. */
export interface PlainRun {
  pieces: InlinePiece[];
  text: string;
  /** `sourceAt[i]` is the Markdown offset of plain character i; one more entry for the end. */
  sourceAt: number[];
}

/**
 * Parsed as the tail of a paragraph ("x " + text), so that text which would open a block on its
 * own ("1986. The year", "    indented", "# not a heading" inside a table cell) stays text.
 */
const LEAD = 'x ';
const processor = unified().use(remarkParse).use(remarkGfm);

interface Leaf {
  kind: InlinePiece['kind'];
  text: string;
  start: number;
  end: number;
  marks: InlineMark[];
  href?: string;
}

function leavesOf(node: Nodes, marks: InlineMark[], href: string | undefined, out: Leaf[]): void {
  const start = node.position?.start.offset ?? 0;
  const end = node.position?.end.offset ?? start;
  const leaf = (kind: Leaf['kind'], text: string): void => {
    out.push({ kind, text, start, end, marks, ...(href !== undefined ? { href } : {}) });
  };
  switch (node.type) {
    case 'text':
    case 'html':
      return leaf('text', node.value);
    case 'inlineCode':
      return leaf('code', node.value);
    case 'image':
    case 'imageReference':
      return leaf('image', node.alt ?? '');
    case 'footnoteReference':
      return leaf('footnote', node.label ?? node.identifier);
    case 'break':
      return;
    case 'emphasis':
    case 'strong':
    case 'delete':
      for (const child of node.children) leavesOf(child, [...marks, node.type], href, out);
      return;
    case 'link':
      for (const child of node.children) leavesOf(child, [...marks, 'link'], node.url, out);
      return;
    case 'linkReference':
      for (const child of node.children) leavesOf(child, [...marks, 'link'], undefined, out);
      return;
    case 'code':
      return leaf('code', node.value);
    default:
      if ('children' in node) for (const child of node.children as Nodes[]) leavesOf(child, marks, href, out);
  }
}

/**
 * Where each character of `text` sits in `source[start, end)`: the next equal character, so
 * escapes (`\*`) and syntax between characters are stepped over; a character with no twin (an
 * entity such as `&amp;`) takes the place the search stopped at.
 */
function align(text: string, source: string, start: number, end: number): number[] {
  const at: number[] = [];
  let next = start;
  for (const char of text) {
    let k = next;
    while (k < end && source.slice(k, k + char.length) !== char) k++;
    if (k >= end) k = Math.min(next, end);
    at.push(k);
    for (let extra = 1; extra < char.length; extra++) at.push(k + extra);
    next = Math.min(k + char.length, end);
  }
  return at;
}

/**
 * The plain text of inline Markdown `source` (one line, or one table cell of it) as a reader sees
 * it: a link is its text, a code span its code, emphasis its words; offsets are shifted by `base`.
 */
export function plainRun(source: string, base = 0, cell?: number): PlainRun {
  const markdown = LEAD + source;
  const leaves: Leaf[] = [];
  leavesOf(processor.parse(markdown), [], undefined, leaves);
  const pieces: InlinePiece[] = [];
  const sourceAt: number[] = [];
  let text = '';
  for (const leaf of leaves) {
    const at = align(leaf.text, markdown, leaf.start, leaf.end);
    let chars = [...leaf.text].flatMap((c) => (c.length === 1 ? [c] : c.split('')));
    let offsets = at;
    // The lead "x " is not the line's: drop what came from it.
    const skip = offsets.findIndex((o) => o >= LEAD.length);
    const keepFrom = skip === -1 ? chars.length : skip;
    chars = chars.slice(keepFrom);
    offsets = offsets.slice(keepFrom);
    if (chars.length === 0) continue;
    const piece: InlinePiece = { kind: leaf.kind, text: chars.join(''), from: text.length, marks: leaf.marks, ...(leaf.href !== undefined ? { href: leaf.href } : {}), ...(cell !== undefined ? { cell } : {}) };
    pieces.push(piece);
    text += piece.text;
    for (const o of offsets) sourceAt.push(o - LEAD.length + base);
  }
  const trimmedEnd = source.replace(/\s+$/u, '').length;
  sourceAt.push(base + Math.max(trimmedEnd, sourceAt.length > 0 ? sourceAt[sourceAt.length - 1]! - base + 1 : 0));
  return { pieces, text, sourceAt };
}
