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
const PAGE_NUMBER = /^(?:page\s*)?[-–—]?\s*\d{1,4}\s*[-–—]?(?:\s*(?:of|\/)\s*\d{1,4})?$/i;

/**
 * Removes page furniture: page numbers ("7", "Page 2 of 9", "- 3 -") in the top or bottom
 * margin, and running heads or feet repeated in that margin on at least half of the pages (and
 * three or more). They are not document text and, left in, would split sentences that run on
 * from one page to the next.
 */
export function removePageFurniture(pages: PdfPageLines[]): PdfPageLines[] {
  const inBand = (page: PdfPageLines, line: PdfLine) => {
    const band = (page.top - page.bottom) * MARGIN_BAND;
    return line.y >= page.top - band || line.y <= page.bottom + band;
  };
  // Digits vary from page to page ("Draft 3 — page 4"); compare the rest.
  const key = (line: PdfLine) => line.text.toLowerCase().replace(/\d+/g, '#');
  const pagesWith = new Map<string, number>();
  for (const page of pages) {
    for (const text of new Set(page.lines.filter((line) => inBand(page, line)).map(key))) pagesWith.set(text, (pagesWith.get(text) ?? 0) + 1);
  }
  const repeatedOn = Math.max(3, Math.ceil(pages.length / 2));
  return pages.map((page) => ({
    ...page,
    lines: page.lines.filter((line) => !(inBand(page, line) && (PAGE_NUMBER.test(line.text) || (pagesWith.get(key(line)) ?? 0) >= repeatedOn))),
  }));
}
