import type { PdfLine } from './pdf-text-lines.ts';
import { romanNumeralValue } from './roman-numeral.ts';

/** A page's lines with the page box's top and bottom (points, y upwards). */
export interface PdfPageLines {
  page: number;
  lines: PdfLine[];
  top: number;
  bottom: number;
}

/** The share of the page height at the top and bottom where running heads and folios live. */
const MARGIN_BAND = 0.08;
const PAGE_NUMBER = /^(?:(?:page\s*)?[-–—]?\s*\d{1,4}\s*[-–—]?(?:\s*(?:of|\/)\s*\d{1,4})?|[ivxlc]{1,7})$/i;

/** Pages a line must repeat on, at the same height, to be a running head or foot whatever the document's length. */
const MIN_REPEATS = 3;

/** Baselines closer than this (points) are one: a head set in two faces is drawn a little apart. */
const SAME_BASELINE = 2;
/** The baselines at the top and at the bottom of a page where furniture can sit (a head may have two lines). */
const EDGE_BASELINES = 2;

/**
 * Removes page furniture, which is not document text and, left in, would split sentences that
 * run on from one page to the next. Furniture is found by where a line sits and how it repeats
 * across pages, never by what one document says: a line is at a page's edge when it is on one of
 * the page's two topmost or two bottommost baselines, or in the top or bottom margin band, and
 * such a line is furniture when it is
 *
 * - a page number ("7", "Page 2 of 9", "- 3 -", "xii") in the margin band, or at a height where
 *   page numbers stand on three or more pages (a book's folios sit well inside the band);
 * - the page's folio: its top or bottom line carrying a number that, on at least three pages,
 *   differs from the page's index by the same amount (one per page, a bare number first, so a
 *   chapter's opening "Chapter 3" stays when its folio is below);
 * - a running head or foot: the same text (digits aside) at the edge of at least half of the
 *   pages (and three or more), or at the same height on three or more pages (a chapter's or an
 *   appendix's title repeated over its pages).
 *
 * A page of one or two baselines has no edges of its own (every line is at one), so there a line
 * is furniture only on the other pages' evidence: a page number where folios stand, or the words of
 * a head standing at the edge of three or more other pages at the same height (an index's last
 * page, which holds its head and folio only: "147 INDEX" where the others say "INDEX 146").
 */
export function removePageFurniture(pages: PdfPageLines[]): PdfPageLines[] {
  const inBand = (page: PdfPageLines, line: PdfLine) => {
    const band = (page.top - page.bottom) * MARGIN_BAND;
    return line.y >= page.top - band || line.y <= page.bottom + band;
  };
  const edges = new Map(pages.map((page) => [page, edgeLines(page, inBand)]));
  // Digits vary from page to page ("Draft 3 — page 4"); compare the rest. A head keeps its type
  // size from page to page, so the title an article opens with in larger type (TUGboat's heads
  // repeat it over the pages that follow) is not its head.
  const words = (line: PdfLine) => line.text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ');
  const key = (line: PdfLine) => `${line.size}|${words(line)}`;
  const height = (line: PdfLine) => Math.round(line.y / SAME_BASELINE);
  const placed = (line: PdfLine) => `${height(line)}|${key(line)}`;
  // The words alone: a head whose folio swaps sides on facing pages ("INDEX 135", "136 INDEX").
  const placedWords = (line: PdfLine) => `${height(line)}|${line.size}|${words(line).replace(/#/g, ' ').replace(/\s+/g, ' ').trim()}`;
  const pagesWith = new Map<string, number>();
  const pagesAt = new Map<string, number>();
  const pagesWithWordsAt = new Map<string, number>();
  const numbersAt = new Map<string, number>();
  const count = (counts: Map<string, number>, keys: Iterable<string>) => {
    for (const k of new Set(keys)) counts.set(k, (counts.get(k) ?? 0) + 1);
  };
  const folios = folioLines(pages, edges);
  const edgeless = new Set(pages.filter(hasNoEdges));
  for (const page of pages) {
    const edge = [...edges.get(page)!];
    count(pagesWith, edge.map(key));
    count(pagesAt, edge.map(placed));
    count(pagesWithWordsAt, edge.map(placedWords));
    // Where page numbers stand: bare ones, and folios inside a head (a roman "vii" in the front
    // matter sits where "1.2 Basics 3" does). Neighbouring heights count too: a folio's baseline
    // moves by a point with its digits' depth.
    count(
      numbersAt,
      edge.filter((line) => PAGE_NUMBER.test(line.text) || folios.has(line)).flatMap((line) => [height(line) - 1, height(line), height(line) + 1].map(String)),
    );
  }
  const repeatedOn = Math.max(MIN_REPEATS, Math.ceil(pages.length / 2));
  const isPageNumber = (page: PdfPageLines, line: PdfLine) => PAGE_NUMBER.test(line.text) && (inBand(page, line) || (numbersAt.get(String(height(line))) ?? 0) >= MIN_REPEATS);
  const isFurniture = (page: PdfPageLines, line: PdfLine) =>
    folios.has(line) ||
    (edges.get(page)!.has(line) && (isPageNumber(page, line) || (pagesWith.get(key(line)) ?? 0) >= repeatedOn || (pagesAt.get(placed(line)) ?? 0) >= MIN_REPEATS)) ||
    (edgeless.has(page) && (isPageNumber(page, line) || (pagesWithWordsAt.get(placedWords(line)) ?? 0) >= MIN_REPEATS));
  return pages.map((page) => ({ ...page, lines: page.lines.filter((line) => !isFurniture(page, line)) }));
}

/** A page's baselines, top down; lines closer than SAME_BASELINE share one. */
function baselinesOf(page: PdfPageLines): number[] {
  const baselines: number[] = [];
  for (const y of page.lines.map((line) => line.y).sort((a, b) => b - a)) {
    if (baselines.length === 0 || baselines[baselines.length - 1]! - y > SAME_BASELINE) baselines.push(y);
  }
  return baselines;
}

/** On a page of one or two baselines every line is at an edge, so only the bands count there. */
function hasNoEdges(page: PdfPageLines): boolean {
  return baselinesOf(page).length <= 2;
}

/** The lines on a page's topmost and bottommost baselines, and those in its margin bands. */
function edgeLines(page: PdfPageLines, inBand: (page: PdfPageLines, line: PdfLine) => boolean): Set<PdfLine> {
  const baselines = baselinesOf(page);
  // On a page of few lines the outermost baselines alone are its edges (a chapter's last lines under its head).
  const reach = baselines.length > 2 * EDGE_BASELINES ? EDGE_BASELINES : baselines.length > 2 ? 1 : 0;
  const top = reach > 0 ? baselines[reach - 1]! - SAME_BASELINE : Infinity;
  const bottom = reach > 0 ? baselines[baselines.length - reach]! + SAME_BASELINE : -Infinity;
  return new Set(page.lines.filter((line) => line.y >= top || line.y <= bottom || inBand(page, line)));
}

/**
 * A page's top or bottom line whose number follows the page order: a bare number, or a running
 * head that carries the page number first or last ("Chapter 2: Syntax 3", "4 Introduction").
 * At most one per page: a bare number before a head, so a title ending in a number stays.
 */
function folioLines(pages: PdfPageLines[], edges: Map<PdfPageLines, Set<PdfLine>>): Set<PdfLine> {
  const candidates: { line: PdfLine; offset: number; bare: boolean; page: number }[] = [];
  for (const page of pages) {
    if (page.lines.length < 2) continue;
    const byHeight = [...page.lines].sort((a, b) => b.y - a.y);
    for (const line of [byHeight[0]!, byHeight[byHeight.length - 1]!]) {
      const bare = /^[-–—]?\s*(\d{1,4})\s*[-–—]?$/.exec(line.text)?.[1];
      // Front matter numbers its pages in lower-case roman ("Contents ix"); capitals are titles' ("Part IV").
      const withText = edges.get(page)!.has(line) ? (/^(\d{1,4}|[ivxlc]{1,7})\s+\S/.exec(line.text)?.[1] ?? /\S\s+(\d{1,4}|[ivxlc]{1,7})$/.exec(line.text)?.[1]) : undefined;
      const label = bare ?? withText;
      const number = label === undefined ? undefined : /^\d+$/.test(label) ? Number(label) : romanNumeralValue(label);
      // Roman and arabic numbering are two sequences: their offsets never meet.
      const sequence = label !== undefined && /^\d+$/.test(label) ? 0 : 10_000;
      if (number !== undefined) candidates.push({ line, offset: number - page.page + sequence, bare: bare !== undefined, page: page.page });
    }
  }
  // Pages, not lines, count: a page whose head and foot both carry its number counts once.
  const offsets = new Map<number, number>();
  for (const pageOffset of new Set(candidates.map(({ offset, page }) => `${page}|${offset}`))) {
    const offset = Number(pageOffset.split('|')[1]);
    offsets.set(offset, (offsets.get(offset) ?? 0) + 1);
  }
  const chosen = new Map<number, (typeof candidates)[number]>();
  for (const candidate of candidates) {
    if ((offsets.get(candidate.offset) ?? 0) < MIN_REPEATS) continue;
    const before = chosen.get(candidate.page);
    if (!before || (candidate.bare && !before.bare)) chosen.set(candidate.page, candidate);
  }
  return new Set([...chosen.values()].map(({ line }) => line));
}
