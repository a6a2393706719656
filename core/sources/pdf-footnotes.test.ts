import { describe, expect, it } from 'vitest';
import { pdfBlocks } from './pdf-blocks.ts';
import { pdfBlocksToMarkdown } from './pdf-markdown.ts';
import type { PdfPageLines } from './pdf-page-furniture.ts';
import { groupRunsIntoLines, type PdfTextRun } from './pdf-text-lines.ts';

const run = (text: string, x: number, y: number, size = 10): PdfTextRun => ({ text, x, y, width: text.length * size * 0.5, size, font: size < 10 ? 'small' : 'regular', monospace: false });

/** A page of body text whose first line carries the raised mark `mark` after "old", and a note at its foot. */
function pageWithNote(number: number, mark: string, note: PdfTextRun[]): PdfPageLines {
  const runs = [
    run('The format is rather old', 72, 700),
    run(mark, 192, 704, 7),
    run(' and obsolete, so the second line of this paragraph', 196, 700),
    run('says more about it before the page ends.', 72, 687),
    run('A second paragraph comes after a gap and is long enough.', 72, 660),
    ...note,
  ];
  return { page: number, lines: groupRunsIntoLines(runs), top: 792, bottom: 0 };
}

describe('footnotes in PDFs', () => {
  it('read a raised mark as a footnote reference, not glued to its word, and its note as the definition after the page text', () => {
    const page = pageWithNote(1, '1', [run('1', 72, 84, 7), run('First published in 1990.', 78, 80, 8)]);
    const { markdown } = pdfBlocksToMarkdown(pdfBlocks([page]));
    expect(markdown).toContain('The format is rather old[^1] and obsolete,');
    expect(markdown).not.toMatch(/old1/);
    expect(markdown.trimEnd().split('\n').pop()).toBe('[^1]: First published in 1990.');
  });

  it('moves a note after the text that runs on to the next page, and labels a number used again on a later page apart', () => {
    const first = pageWithNote(1, '1', [run('1 A note in the middle.', 72, 300, 8), run('The paragraph goes on after the note and runs on to', 72, 200)]);
    const second = pageWithNote(2, '1', [run('1 Another page, another note one.', 72, 80, 8)]);
    second.lines.unshift({ text: 'the next page here.', x: 72, y: 720, endX: 300, size: 10, font: 'regular', monospace: false });
    const { markdown } = pdfBlocksToMarkdown(pdfBlocks([first, second]));
    expect(markdown).toContain('The paragraph goes on after the note and runs on to the next page here.');
    expect(markdown).toContain('[^1]: A note in the middle.');
    expect(markdown).toContain('[^1-p2]: Another page, another note one.');
    expect(markdown.match(/old\[\^1-p2\] and/g)).toHaveLength(1);
    expect(markdown.indexOf('[^1]: A note')).toBeGreaterThan(markdown.indexOf('The paragraph goes on'));
  });

  it('writes a raised digit with no note on its page as a superscript (an exponent, not a footnote), never glued on as a digit', () => {
    const { markdown } = pdfBlocksToMarkdown(pdfBlocks([pageWithNote(1, '2', [])]));
    expect(markdown).toContain('rather old² and obsolete');
    expect(markdown).not.toContain('old2');
    expect(markdown).not.toContain('[^');
  });
});
