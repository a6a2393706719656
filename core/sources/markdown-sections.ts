import type { Heading, Nodes } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Section } from '../../schemas/sources.ts';
import { markdownSegments } from './markdown-segments.ts';

const parser = unified().use(remarkParse);

/**
 * A line that could begin (ATX) or underline (setext) a heading at the top level of a
 * document. Without one, there is no heading, and parsing a million-line text to learn that
 * would cost seconds and a gigabyte of syntax tree.
 */
const HEADING_CANDIDATE = /^ {0,3}(?:#{1,6}(?:[ \t]|$)|=+[ \t]*$|-+[ \t]*$)/m;

/**
 * The sections of a Markdown document, from its own headings (ATX and setext; a `#` in fenced
 * code or an HTML block is not a heading, because remark-parse says so), in document order:
 *
 * - a level-0 section for the lines before the first heading (or for all lines, without headings);
 * - each heading's section runs from its first line to the line before the next heading of the
 *   same or a higher level (a smaller depth), or to the last line.
 *
 * So sections nest like the outline and every line belongs to at least one of them. Headings
 * inside block quotes and list items are content, not structure, and are left out.
 */
export function markdownSections(markdown: string, lineCount: number): Section[] {
  if (lineCount === 0) return [];
  const headings = HEADING_CANDIDATE.test(markdown) ? topLevelHeadings(markdown, lineCount) : [];
  const sections: Section[] = [];
  const firstHeadingLine = headings[0]?.line ?? lineCount + 1;
  if (firstHeadingLine > 1) sections.push({ title: '', level: 0, startLine: 1, endLine: firstHeadingLine - 1 });
  // Open sections, outermost first; a heading closes every open section of its level or deeper.
  const open: Section[] = [];
  for (const heading of headings) {
    while (open.length > 0 && open[open.length - 1]!.level >= heading.level) open.pop()!.endLine = heading.line - 1;
    const section = { title: heading.title, level: heading.level, startLine: heading.line, endLine: lineCount };
    sections.push(section);
    open.push(section);
  }
  return sections;
}

interface HeadingLine {
  title: string;
  level: number;
  line: number;
}

/**
 * Headings found by remark-parse, which is exact but reads about a megabyte a second: so only
 * the pieces of the document (markdown-segments.ts) that hold a candidate line are parsed, each
 * on its own, and their line numbers shifted back into place.
 */
function topLevelHeadings(markdown: string, lineCount: number): HeadingLine[] {
  const lines = markdown.split('\n');
  const headings: HeadingLine[] = [];
  for (const [start, end] of markdownSegments(lines)) {
    const piece = lines.slice(start, end).join('\n');
    if (!HEADING_CANDIDATE.test(piece)) continue;
    for (const node of parser.parse(piece).children) {
      if (node.type !== 'heading' || !node.position) continue;
      // Clamp in case the parser counts a final empty line that our numbering (line-index.ts) does not.
      const line = Math.min(start + node.position.start.line, lineCount);
      headings.push({ title: plainText(node).replace(/\s+/g, ' ').trim(), level: (node as Heading).depth, line });
    }
  }
  return headings;
}

function plainText(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string' && node.type !== 'html') return node.value;
  if (node.type === 'break') return ' ';
  if ('children' in node) return (node.children as Nodes[]).map(plainText).join('');
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? '';
  return '';
}
