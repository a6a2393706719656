import { describe, expect, it } from 'vitest';
import { pdfBlocks } from './pdf-blocks.ts';
import type { PdfPageLines } from './pdf-page-furniture.ts';
import type { PdfLine } from './pdf-text-lines.ts';

/** Lines laid out top-down from y=720 the way a typesetter would: `gap` extra points above each. */
function page(number: number, specs: { text: string; size?: number; font?: string; x?: number; gap?: number }[]): PdfPageLines {
  let y = 720;
  const lines: PdfLine[] = specs.map((spec, i) => {
    const size = spec.size ?? 10;
    if (i > 0) y -= size * 1.3 + (spec.gap ?? 0);
    return { text: spec.text, x: spec.x ?? 72, y, endX: 500, size, font: spec.font ?? 'regular', monospace: false };
  });
  return { page: number, lines, top: 792, bottom: 0 };
}

describe('pdfBlocks', () => {
  it('joins wrapped lines into paragraphs and splits paragraphs at extra space or an indent', () => {
    const blocks = pdfBlocks([
      page(1, [
        { text: 'A first paragraph that wraps' },
        { text: 'onto a second line.' },
        { text: 'A second paragraph after a gap.', gap: 8 },
        { text: 'Indented third paragraph', x: 90 },
        { text: 'continues at the margin.' },
      ]),
    ]);
    expect(blocks.map((b) => b.text)).toEqual([
      'A first paragraph that wraps onto a second line.',
      'A second paragraph after a gap.',
      'Indented third paragraph continues at the margin.',
    ]);
  });

  it('ranks larger type as # and ##, and a short bold line at body size as the level below', () => {
    const blocks = pdfBlocks([
      page(1, [
        { text: 'Report title', size: 20, font: 'bold' },
        { text: 'Body text of the introduction.', gap: 10 },
        { text: 'Section', size: 14, font: 'bold', gap: 10 },
        { text: 'More body text here.', gap: 6 },
        { text: 'Subsection', font: 'bold', gap: 8 },
        { text: 'Even more body text, enough to be the most common size by far.' },
        { text: 'A bold sentence inside the text, ending with a full stop.', font: 'bold', gap: 8 },
      ]),
    ]);
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Report title', page: 1 },
      { kind: 'paragraph', text: 'Body text of the introduction.', page: 1 },
      { kind: 'heading', level: 2, text: 'Section', page: 1 },
      { kind: 'paragraph', text: 'More body text here.', page: 1 },
      { kind: 'heading', level: 3, text: 'Subsection', page: 1 },
      { kind: 'paragraph', text: 'Even more body text, enough to be the most common size by far.', page: 1 },
      { kind: 'paragraph', text: 'A bold sentence inside the text, ending with a full stop.', page: 1 },
    ]);
  });

  it('joins a heading that wraps, and treats a long run of large type as a paragraph', () => {
    const long = 'A pull quote set in large type that goes on and on for many words, far longer than any heading would be, across several lines of the page so that it cannot be a title at all by any measure we apply.';
    const blocks = pdfBlocks([
      page(1, [
        { text: 'A long heading that', size: 16 },
        { text: 'wraps onto two lines', size: 16 },
        { text: long.slice(0, 100), size: 16, gap: 12 },
        { text: long.slice(100), size: 16 },
        { text: 'and a third line of it, to leave no doubt.', size: 16 },
        ...Array.from({ length: 6 }, (_, i) => ({ text: 'Body text, the most common size in this document by a wide margin, really.', gap: i === 0 ? 10 : 0 })),
      ]),
    ]);
    expect(blocks[0]).toEqual({ kind: 'heading', level: 1, text: 'A long heading that wraps onto two lines', page: 1 });
    expect(blocks[1]).toMatchObject({ kind: 'paragraph' });
  });

  it('makes bullets and numbered items list items, with wrapped item lines joined', () => {
    const blocks = pdfBlocks([
      page(1, [
        { text: 'Questions:' },
        { text: '• Is every number labelled?', gap: 4 },
        { text: '• Do the totals agree with the', x: 72 },
        { text: 'weekly view?', x: 86 },
        { text: '2) A numbered item' },
      ]),
    ]);
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['paragraph', 'Questions:'],
      ['list-item', '• Is every number labelled?'],
      ['list-item', '• Do the totals agree with the weekly view?'],
      ['list-item', '2) A numbered item'],
    ]);
  });

  it('continues a table of contents that runs over to the next page, even by a single entry', () => {
    const blocks = pdfBlocks([
      page(1, [
        { text: 'Contents', size: 14 },
        { text: '1 Introduction 2', gap: 6 },
        { text: '2 Using the package 2' },
        { text: '3 The layout question 3' },
        { text: '4 The layout itself 5' },
      ]),
      page(2, [{ text: '5 The code 7' }, { text: '1 Introduction', size: 14, gap: 10 }, { text: 'This document shows how the package is used.' }]),
    ]);
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['heading', 'Contents'],
      ['toc-entry', '1 Introduction'],
      ['toc-entry', '2 Using the package'],
      ['toc-entry', '3 The layout question'],
      ['toc-entry', '4 The layout itself'],
      ['toc-entry', '5 The code'],
      ['heading', '1 Introduction'],
      ['paragraph', 'This document shows how the package is used.'],
    ]);
  });

  it('drops page numbers and running heads, and joins a paragraph across the page break', () => {
    const furniture = (n: number) => [
      { text: 'Quarterly review — draft', size: 8 },
      ...[{ text: `Page ${n} of 3`, size: 8 }],
    ];
    const pages = [1, 2, 3].map((n) => {
      const p = page(n, [{ text: n === 2 ? 'continues on this page.' : `Paragraph on page ${n} that runs` }]);
      const [head, folio] = furniture(n);
      p.lines.unshift({ text: head!.text, x: 72, y: 770, endX: 200, size: 8, font: 'regular', monospace: false });
      p.lines.push({ text: folio!.text, x: 300, y: 30, endX: 340, size: 8, font: 'regular', monospace: false });
      return p;
    });
    expect(pdfBlocks(pages)).toEqual([
      { kind: 'paragraph', text: 'Paragraph on page 1 that runs continues on this page.', page: 1, pageBreaks: [{ at: 30, page: 2 }] },
      { kind: 'paragraph', text: 'Paragraph on page 3 that runs', page: 3 },
    ]);
  });

  it("drops a running head on a page that holds nothing else, where it stands at the head's height on the other pages", () => {
    // An index's last page: the typesetter set its head and folio, and the entries ended on the page before.
    const head = (n: number) => ({ text: n % 2 ? `INDEX ${n + 130}` : `${n + 130} INDEX`, x: 72, y: 738, endX: 500, size: 9, font: 'regular', monospace: false });
    const pages = [1, 2, 3, 4].map((n) => {
      const p = page(n, [{ text: `entry ${n}, 12` }, { text: `another entry ${n}, 40` }, { text: `last entry ${n}, 7` }]);
      p.lines.unshift(head(n));
      // A4, with the head set well below the top margin band.
      return { ...p, top: 842 };
    });
    pages.push({ page: 5, lines: [head(5)], top: 842, bottom: 0 });
    const texts = pdfBlocks(pages).map((block) => block.text);
    expect(texts.join('\n')).not.toContain('INDEX');
    expect(texts.length).toBeGreaterThan(0);
  });
});
