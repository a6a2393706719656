// Counts, in a PDF's normalised Markdown, the page furniture an SME would stumble on, judged
// against what poppler's pdftotext prints for each page (a peer that keeps every head, foot and
// folio, so it says where they are without our own rules deciding):
//
// - lines that are only a page number: a bare number printed on the first or last line of its
//   page in pdftotext's text, and kept among the first or last EDGE_LINES lines of that page in
//   ours (a diagram's label "3" mid-page on page 3 is no folio), at most one per page;
// - a running head or foot left in: a line that is among the first or last EDGE_LINES lines of
//   most of our pages (more than half, and more than REPEATED_LINE_TIMES), and the first or last
//   line of as many of pdftotext's pages (a label over examples, "Example", a float's caption at
//   the top of a page or a slide's title repeated over a few slides is no head);
// - leader dots left in a title (a table-of-contents entry read as text);
// - headings that end in a page number: a number (arabic, or lower-case roman) no larger than the
//   page count, after two or more words ("Capitolo 1", one word and a number, is a title), that
//   pdftotext prints on the first or last line of the heading's page (a running head), or whose
//   words without it are another heading of the document (a table-of-contents entry read as one).
//
// - footnote marks glued to their word ("old1"): a word of the document with a digit after it,
//   outside code, on a page whose foot in pdftotext's text starts a line with that number (the
//   note it marks); an identifier ("utf8") has no such note, and a family of names numbered in
//   turn ("value1", "value2") is identifiers wherever it stands.
//
// Fenced code is left out: a listing may well repeat a line or hold a bare number.
import type { PageSpan } from '../../schemas/sources.ts';
import { romanNumeralValue } from './roman-numeral.ts';

/** More than this many copies of one line in a document is a running head, a foot or leaders. */
export const REPEATED_LINE_TIMES = 5;
/** A page's first or last this many lines, in ours, are where a head, a foot or a folio would be kept. */
const EDGE_LINES = 2;
/** A page's last this many lines, in pdftotext's text, are where its notes would be. */
const FOOT_LINES = 10;

export interface FurnitureCounts {
  pageNumberLines: string[];
  /** A line at our pages' edges that is also pdftotext's first or last line on many pages, with its count. */
  repeatedHead: { text: string; times: number } | undefined;
  leaderDotLines: string[];
  headingsEndingInPageNumber: string[];
  /** Bare page numbers pdftotext prints on the first or last line of a page: what folios there are to drop. */
  referencePageNumbers: number;
  /** Headings that are a code or table line: a line of a fenced block, a table row, or ending like a statement. */
  codeOrTableHeadings: string[];
  /** Table rows (lines starting with "|") that do not end their row on the same line. */
  brokenTableRows: string[];
  /** A footnote mark glued to its word ("old1"): a word of the document with a digit after it, outside code, whose page has that note. */
  gluedFootnoteMarks: string[];
}

const PAGE_NUMBER_ONLY = /^[-–—]?\s*(\d{1,4}|[ivxlc]{1,7})\s*[-–—]?$/i;
const LEADERS_AFTER_TITLE = /\p{L}.*(?:\.\s?){5,}\s*(?:\d{1,4}|[ivxlc]{1,7})?$/iu;

/** Digits stand for any number, spacing for any spacing: a head's page number changes, its words do not. */
const mask = (text: string) => text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
/** A masked head without the folio before or after it, which one extraction may set on the line and the other not. */
const headWords = (masked: string) => masked.replace(/^(?:# )+|(?: #)+$/g, '');

/**
 * `markdown` and `pages` as the import made them; `referencePages` the text pdftotext gives for
 * each page (its output split at form feeds), page 1 first.
 */
export function countFurniture(markdown: string, pages: PageSpan[], referencePages: string[]): FurnitureCounts {
  const counts: FurnitureCounts = { pageNumberLines: [], repeatedHead: undefined, leaderDotLines: [], headingsEndingInPageNumber: [], referencePageNumbers: 0, codeOrTableHeadings: [], brokenTableRows: [], gluedFootnoteMarks: [] };
  const referenceLines = referencePages.map((text) => text.split('\n').map((line) => line.trim()).filter((line) => line !== ''));
  const edges = referenceLines.map((lines) => (lines.length === 0 ? [] : [lines[0]!, lines[lines.length - 1]!]));
  counts.referencePageNumbers = edges.filter((pair) => pair.some((edge) => PAGE_NUMBER_ONLY.test(edge))).length;
  const codeLines = new Set<string>();
  const prose: string[] = [];
  const proseOfPage: { text: string; page: number | undefined }[] = [];
  // Our lines at each page's edges (its first and last EDGE_LINES non-blank lines, code aside), by index.
  const atOurEdge = new Set<number>();
  const ourLines = markdown.split('\n');
  for (const span of pages) {
    const filled: number[] = [];
    for (let line = span.startLine; line <= span.endLine; line++) if ((ourLines[line - 1] ?? '').trim() !== '') filled.push(line - 1);
    for (const index of [...filled.slice(0, EDGE_LINES), ...filled.slice(-EDGE_LINES)]) atOurEdge.add(index);
  }
  const edgePages = new Map<string, Set<number>>();
  const foliosKept = new Set<number>();
  const edgeTimes = new Map<string, number>();
  for (const pair of edges) for (const line of new Set(pair.map((edge) => headWords(mask(edge))))) edgeTimes.set(line, (edgeTimes.get(line) ?? 0) + 1);
  const pageCount = Math.max(referencePages.length, ...pages.map((span) => span.page));
  const pageOf = (line: number) => pages.find((span) => span.startLine <= line && line <= span.endLine)?.page;
  const times = new Map<string, number>();
  const headings: { line: string; text: string; edges: string[] }[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((raw, index) => {
    const marker = /^\s*(```|~~~)/.exec(raw)?.[1];
    if (fence !== undefined) {
      if (marker === fence) fence = undefined;
      else if (raw.trim() !== '') codeLines.add(raw.trim());
      return;
    }
    if (marker) {
      fence = marker;
      return;
    }
    const line = raw.trim();
    if (line === '') return;
    const text = line.replace(/^(?:#{1,6}\s+|[-*+]\s+)/, '').replace(/^\\/, '');
    times.set(mask(text), (times.get(mask(text)) ?? 0) + 1);
    const number = PAGE_NUMBER_ONLY.exec(text)?.[1];
    const page = pageOf(index + 1);
    if (page !== undefined && atOurEdge.has(index)) edgePages.set(mask(text), (edgePages.get(mask(text)) ?? new Set()).add(page));
    if (number !== undefined && page !== undefined && atOurEdge.has(index) && !foliosKept.has(page) && (edges[page - 1] ?? []).some((edge) => edge.split(/\s+/).includes(number))) {
      foliosKept.add(page);
      counts.pageNumberLines.push(line);
    }
    if (LEADERS_AFTER_TITLE.test(line)) counts.leaderDotLines.push(line);
    if (line.startsWith('#')) headings.push({ line, text, edges: edges[(page ?? 0) - 1] ?? [] });
    if (line.startsWith('|') && !/[^\\]\|$/.test(line)) counts.brokenTableRows.push(line);
    if (!line.startsWith('#')) {
      prose.push(line);
      proseOfPage.push({ text: line, page });
    }
  });
  // A heading the document's own table of contents lists ("- ¡Gracias! … III") is a section's title, even when an example's code repeats it.
  const contents = new Set(markdown.split('\n').flatMap((line) => /^- (.+) … \S+$/.exec(line)?.[1] ?? []));
  for (const heading of headings) {
    if (contents.has(heading.text)) continue;
    // A numbered section's title may name a command ("8.2 \pageref{clave}" in LaTeX's manual, as its outline has it): a title, not code.
    const numbered = /^\d+(?:\.\d+)*\.?\s+\S/.test(heading.text);
    if (codeLines.has(heading.text) || heading.text.startsWith('|') || (!numbered && /[;{}]$|^(?:\/\/|\/\*|#include\b)/.test(heading.text))) counts.codeOrTableHeadings.push(heading.line);
  }
  const words = new Set((prose.join(' ').toLowerCase().match(/\p{L}{3,}/gu) ?? []));
  // A mark marks a note: the page's foot (pdftotext's last lines) starts a line with its number.
  const noteAtFoot = (page: number | undefined, digit: string) => page !== undefined && (referenceLines[page - 1] ?? []).slice(-FOOT_LINES).some((line) => new RegExp(`^${digit}\\s?\\p{L}\\S*(?:\\s+\\S+){2}`, 'u').test(line));
  const GLUED = /(?<![\p{L}\p{N}_./-])\p{Ll}{3,}[1-9](?![\p{L}\p{N}_])/gu;
  // A family of names numbered in turn ("semicircle1", "semicircle2"; "grpsize1", "grpsize2") is identifiers.
  const digitsOf = new Map<string, Set<string>>();
  for (const token of prose.join(' ').match(GLUED) ?? []) digitsOf.set(token.slice(0, -1), (digitsOf.get(token.slice(0, -1)) ?? new Set()).add(token.slice(-1)));
  for (const { text, page } of proseOfPage) {
    for (const token of text.match(GLUED) ?? []) {
      const stem = token.slice(0, -1);
      if (words.has(stem) && digitsOf.get(stem)!.size === 1 && noteAtFoot(page, token.slice(-1))) counts.gluedFootnoteMarks.push(token);
    }
  }
  const titles = new Set(headings.map((heading) => heading.text));
  for (const heading of headings) if (endsInPageNumber(heading.text, pageCount, heading.edges, titles)) counts.headingsEndingInPageNumber.push(heading.line);
  const most = Math.max(REPEATED_LINE_TIMES, pageCount / 2);
  for (const [text, onPages] of [...edgePages.entries()].sort((a, b) => b[1].size - a[1].size)) {
    if (onPages.size <= most) break;
    // A chapter's label ("Capitolo 1", "Chapter 3" masked) is repeated on purpose; a bare number is a folio, counted above.
    if (text.length < 3 || /^\S+ #$/.test(text) || PAGE_NUMBER_ONLY.test(text)) continue;
    if ((edgeTimes.get(headWords(text)) ?? 0) > most) {
      counts.repeatedHead = { text, times: times.get(text) ?? onPages.size };
      break;
    }
  }
  return counts;
}

function endsInPageNumber(title: string, pageCount: number, pageEdges: string[], titles: Set<string>): boolean {
  const match = /^(.*\S)\s+(\d{1,4}|[ivxlc]{1,7})$/.exec(title);
  if (!match || match[1]!.trim().split(/\s+/).length < 2) return false;
  const value = /^\d+$/.test(match[2]!) ? Number(match[2]) : (romanNumeralValue(match[2]!) ?? 0);
  if (value < 1 || value > pageCount) return false;
  return pageEdges.some((edge) => edge.split(/\s+/).includes(match[2]!)) || titles.has(match[1]!.replace(/[\s.]+$/, ''));
}


/**
 * The share of a reference extraction's words (pdftotext's) that the Markdown also has, counted
 * with multiplicity: words of two or more letters, in lower case, so that numbers (page numbers
 * among them) and punctuation do not weigh. A word split by a line-end hyphen is missing from the
 * reference's halves, not from ours.
 */
export function wordCoverage(markdown: string, reference: string): { covered: number; total: number } {
  const bag = (text: string) => {
    const counts = new Map<string, number>();
    for (const word of text.toLowerCase().match(/\p{L}{2,}/gu) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
    return counts;
  };
  const ours = bag(markdown);
  let covered = 0;
  let total = 0;
  for (const [word, n] of bag(reference)) {
    total += n;
    covered += Math.min(n, ours.get(word) ?? 0);
  }
  return { covered, total };
}
