import type { PdfLine } from './pdf-text-lines.ts';

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

/**
 * Removes page furniture, which is not document text and, left in, would split sentences that
 * run on from one page to the next:
 *
 * - page numbers ("7", "Page 2 of 9", "- 3 -") in the top or bottom margin;
 * - folios anywhere: a bare number that is a page's top or bottom line and, on at least three
 *   pages, differs from the page's index by the same amount (the numbering of the document);
 * - running heads or feet in the margins: the same text (digits aside) on at least half of the
 *   pages (and three or more), or at the same height on three or more pages (a chapter's or an
 *   appendix's title repeated over its pages).
 */
export function removePageFurniture(pages: PdfPageLines[]): PdfPageLines[] {
  const inBand = (page: PdfPageLines, line: PdfLine) => {
    const band = (page.top - page.bottom) * MARGIN_BAND;
    return line.y >= page.top - band || line.y <= page.bottom + band;
  };
  // Digits vary from page to page ("Draft 3 — page 4"); compare the rest.
  const key = (line: PdfLine) => line.text.toLowerCase().replace(/\d+/g, '#');
  const placed = (line: PdfLine) => `${Math.round(line.y)}|${key(line)}`;
  const pagesWith = new Map<string, number>();
  const pagesAt = new Map<string, number>();
  const count = (counts: Map<string, number>, keys: Iterable<string>) => {
    for (const k of new Set(keys)) counts.set(k, (counts.get(k) ?? 0) + 1);
  };
  for (const page of pages) {
    const band = page.lines.filter((line) => inBand(page, line));
    count(pagesWith, band.map(key));
    count(pagesAt, band.map(placed));
  }
  const folios = folioLines(pages, inBand);
  const repeatedOn = Math.max(MIN_REPEATS, Math.ceil(pages.length / 2));
  const isFurniture = (page: PdfPageLines, line: PdfLine) =>
    folios.has(line) ||
    (inBand(page, line) && (PAGE_NUMBER.test(line.text) || (pagesWith.get(key(line)) ?? 0) >= repeatedOn || (pagesAt.get(placed(line)) ?? 0) >= MIN_REPEATS));
  return pages.map((page) => ({ ...page, lines: page.lines.filter((line) => !isFurniture(page, line)) }));
}

/**
 * A page's top or bottom line whose number follows the page order: a bare number anywhere, or,
 * in the margin, a running head that carries the page number first or last ("Chapter 2: Syntax
 * 3", "4 Introduction").
 */
function folioLines(pages: PdfPageLines[], inBand: (page: PdfPageLines, line: PdfLine) => boolean): Set<PdfLine> {
  const candidates: { line: PdfLine; offset: number }[] = [];
  for (const page of pages) {
    if (page.lines.length < 2) continue;
    const byHeight = [...page.lines].sort((a, b) => b.y - a.y);
    for (const line of [byHeight[0]!, byHeight[byHeight.length - 1]!]) {
      const bare = /^[-–—]?\s*(\d{1,4})\s*[-–—]?$/.exec(line.text)?.[1];
      const withText = inBand(page, line) ? (/^(\d{1,4})\s+\S/.exec(line.text)?.[1] ?? /\S\s+(\d{1,4})$/.exec(line.text)?.[1]) : undefined;
      const number = bare ?? withText;
      if (number !== undefined) candidates.push({ line, offset: Number(number) - page.page });
    }
  }
  const offsets = new Map<number, number>();
  for (const { offset } of candidates) offsets.set(offset, (offsets.get(offset) ?? 0) + 1);
  return new Set(candidates.filter(({ offset }) => (offsets.get(offset) ?? 0) >= MIN_REPEATS).map(({ line }) => line));
}
