import type { Heading, Nodes, Root } from 'mdast';
import type { Section } from '../../schemas/sources.ts';
import { detachedString } from './detached-string.ts';
import { MarkdownSegmenter } from './markdown-segments.ts';
import { UTF8_CHUNK_BYTES, utf8LineChunks } from './utf8-line-chunks.ts';

/** remark-parse, loaded on first need (see withParser). */
interface MarkdownParser {
  parse(text: string): Root;
}
let parser: MarkdownParser | undefined;
/** Thrown by a scan that meets a piece to parse before the parser is loaded; withParser loads it and scans again. */
const PARSER_NEEDED = new Error('the Markdown parser is not loaded yet');

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
export function markdownSections(markdown: string, lineCount: number): Promise<Section[]> {
  if (lineCount === 0) return Promise.resolve([]);
  if (!HEADING_CANDIDATE.test(markdown)) return Promise.resolve(sectionsFromHeadings([], lineCount));
  return withParser(() => sectionsFromHeadings(topLevelHeadings([markdown], lineCount), lineCount));
}

/**
 * markdownSections of a UTF-8 file's bytes (no BOM, "\n" line endings, `lineCount` lines), decoded
 * a chunk at a time, cut at line ends: the whole text is never one string. Throws
 * TypeError when the bytes are not UTF-8.
 */
export function markdownSectionsOfUtf8(bytes: Uint8Array, lineCount: number, chunkBytes = UTF8_CHUNK_BYTES): Promise<Section[]> {
  if (lineCount === 0) return Promise.resolve([]);
  return withParser(() => sectionsFromHeadings(topLevelHeadings(utf8LineChunks(bytes, chunkBytes), lineCount), lineCount));
}

/**
 * Runs a scan (topLevelHeadings) that may need remark-parse, loading the parser only when a scan
 * meets a piece it cannot read without it, then scanning again from the start (the scan is pure).
 * remark and unified take about 65 ms of CPU to load, in every fresh worker, and a PDF whose
 * headings are plain text (most of them: no emphasis, code, links or setext underlines) never
 * needs them, nor does a text file.
 */
async function withParser<T>(scan: () => T): Promise<T> {
  try {
    return scan();
  } catch (error) {
    if (error !== PARSER_NEEDED) throw error;
  }
  const [{ unified }, { default: remarkParse }] = await Promise.all([import('unified'), import('remark-parse')]);
  parser ??= unified().use(remarkParse);
  return scan();
}

function loadedParser(): MarkdownParser {
  if (parser === undefined) throw PARSER_NEEDED;
  return parser;
}

/** Sections from headings in document order (see markdownSections): a preamble, then nested sections. */
export function sectionsFromHeadings(headings: readonly HeadingLine[], lineCount: number): Section[] {
  if (lineCount === 0) return [];
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

export interface HeadingLine {
  title: string;
  level: number;
  line: number;
}

const ATX_LINE = /^#{1,6}(?:[ \t]|$)/;
/**
 * An ATX heading whose title holds none of the characters that start inline Markdown (emphasis,
 * code, links, HTML, entities, escapes): its title is its text, no parser needed. Others are parsed.
 */
const PLAIN_ATX = /^(#{1,6})(?:[ \t]+([^\\`*_[\]<>!&#]*?))?(?:[ \t]+#+)?[ \t]*$/;
const ATX_BATCH = 200;
const CANDIDATE_LINE = new RegExp(HEADING_CANDIDATE.source);

/**
 * Headings found by remark-parse, which is exact but reads about a megabyte a second: so only
 * the pieces of the document (markdown-segments.ts) that hold a candidate line are parsed, each
 * on its own, and their line numbers shifted back into place. The document is cut into pieces
 * as its lines are read, so only one piece's lines are held at a time, never all of them. A
 * piece that is one ATX heading line (the segmenter cuts around those) is read without a parser
 * when its title has no inline markup, else parsed with up to ATX_BATCH such lines at once,
 * blank-line separated (they parse the same together as alone): one parse per heading would
 * cost more than the document.
 */
function topLevelHeadings(chunks: Iterable<string>, lineCount: number): HeadingLine[] {
  const headings: HeadingLine[] = [];
  let batch: { line: number; text: string }[] = [];
  const parseBatch = () => {
    for (const node of loadedParser().parse(batch.map((atx) => atx.text).join('\n\n')).children) {
      // Line 2k+1 of the joined text is the k-th heading line.
      if (node.type === 'heading' && node.position) headings.push(headingLine(node as Heading, batch[(node.position.start.line - 1) / 2]!.line));
    }
    batch = [];
  };
  // The piece being read: lines [pieceStart, index) at characters [pieceFrom, pieceTo) of the text.
  let pieceStart = 0;
  let pieceFrom = 0;
  let pieceTo = 0;
  let pieceHasCandidate = false;
  const finishPiece = (next: number, from: number) => {
    if (pieceHasCandidate) {
      const text = window.slice(pieceFrom, pieceTo);
      if (next - pieceStart === 1 && ATX_LINE.test(text)) {
        const plain = PLAIN_ATX.exec(text);
        if (plain) headings.push({ title: (plain[2] ?? '').replace(/\s+/g, ' ').trim(), level: plain[1]!.length, line: pieceStart + 1 });
        else if (batch.push({ line: pieceStart + 1, text }) === ATX_BATCH) parseBatch();
      } else {
        for (const node of loadedParser().parse(text).children) {
          if (node.type !== 'heading' || !node.position) continue;
          // Clamp in case the parser counts a final empty line that our numbering (line-index.ts) does not.
          headings.push(headingLine(node as Heading, Math.min(pieceStart + node.position.start.line, lineCount)));
        }
      }
    }
    pieceStart = next;
    pieceFrom = from;
    pieceHasCandidate = false;
  };
  const segmenter = new MarkdownSegmenter();
  let index = 0;
  // The text being read: the lines of the piece still open from the chunk before, then a chunk
  // (chunks end at line ends).
  let window = '';
  for (const chunk of chunks) {
    const carryFrom = index > pieceStart ? pieceFrom : window.length;
    const carry = window.slice(carryFrom);
    window = carry + chunk;
    pieceTo -= carryFrom;
    pieceFrom = 0;
    for (let start = carry.length; start < window.length && index < lineCount; index++) {
      const newline = window.indexOf('\n', start);
      const end = newline === -1 ? window.length : newline;
      const plain = segmenter.expectsPlainLines && isWordStart(window.charCodeAt(start));
      const line = plain ? '' : window.slice(start, end);
      const cut = plain ? segmenter.nextPlain() : segmenter.next(line);
      if (cut.before && index > pieceStart) finishPiece(index, start);
      // A line starting with a letter or digit is never a heading candidate.
      if (!plain && CANDIDATE_LINE.test(line)) pieceHasCandidate = true;
      pieceTo = end;
      start = end + 1;
      if (cut.after) finishPiece(index + 1, start);
    }
  }
  if (index > pieceStart) finishPiece(index, window.length);
  if (batch.length > 0) parseBatch();
  return headings.sort((a, b) => a.line - b.line);
}

/** An ASCII letter or digit. */
function isWordStart(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function headingLine(node: Heading, line: number): HeadingLine {
  return { title: detachedString(plainText(node).replace(/\s+/g, ' ').trim()), level: node.depth, line };
}

function plainText(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string' && node.type !== 'html') return node.value;
  if (node.type === 'break') return ' ';
  if ('children' in node) return (node.children as Nodes[]).map(plainText).join('');
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? '';
  return '';
}
