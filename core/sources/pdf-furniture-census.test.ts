import { describe, expect, it } from 'vitest';
import type { PageSpan } from '../../schemas/sources.ts';
import { countFurniture } from './pdf-furniture-census.fixture.ts';

/** Markdown of pages given as their lines, with each page's span. */
function document(pages: string[][]): { markdown: string; spans: PageSpan[] } {
  const lines: string[] = [];
  const spans: PageSpan[] = [];
  pages.forEach((page, index) => {
    const startLine = lines.length + 1;
    lines.push(...page, '');
    spans.push({ page: index + 1, startLine, endLine: lines.length });
  });
  return { markdown: lines.join('\n'), spans };
}

const body = (n: number) => [`Paragraph one of page ${n} says something about the subject.`, `Paragraph two of page ${n} goes on with it.`, `Paragraph three of page ${n} ends it.`];

// The census judges the normaliser: it must see a head, a folio and a glued mark where they are, and nothing where they are not.
describe('the furniture census', () => {
  it('counts a running head kept at the edge of most pages, and not a label repeated inside them', () => {
    const reference = Array.from({ length: 8 }, (_, i) => `Field Guide to Widgets ${i + 1}\n${body(i + 1).join('\n')}\nExample\ncode here\n`);
    const kept = document(Array.from({ length: 8 }, (_, i) => [`Field Guide to Widgets ${i + 1}`, ...body(i + 1)]));
    expect(countFurniture(kept.markdown, kept.spans, reference).repeatedHead?.text).toBe('field guide to widgets #');
    // "Example" over an example on every page, in the middle of the page: a label, not a head.
    const labelled = document(Array.from({ length: 8 }, (_, i) => [body(i + 1)[0]!, body(i + 1)[1]!, 'Example', body(i + 1)[2]!, 'More text after the example, to close the page.', 'And its last line.']));
    expect(countFurniture(labelled.markdown, labelled.spans, reference).repeatedHead).toBeUndefined();
  });

  it('counts a folio kept at a page\'s edge once, and not a diagram\'s label that happens to be the page\'s number', () => {
    const reference = ['Text of page one.\n1\n', 'Text of page two.\n2\n', 'Text of page three.\n3\n'];
    const folio = document([[...body(1), '1'], [...body(2)], [...body(3)]]);
    expect(countFurniture(folio.markdown, folio.spans, reference).pageNumberLines).toEqual(['1']);
    const label = document([[...body(1)], [body(2)[0]!, 'A diagram labelled with numbers sits here.', '2', ...body(2).slice(1), 'A last line.'], [...body(3)]]);
    expect(countFurniture(label.markdown, label.spans, reference).pageNumberLines).toEqual([]);
  });

  it('counts a digit glued to a word where the page has that note, and not an identifier', () => {
    const text = ['The method is rather old1 and obsolete, and its encoding is utf8 as before.', 'Old methods and new ones differ; the utf encoding too.'];
    const reference = [`${text.join('\n')}\nMore text.\n1 This note explains the old method.\n`];
    const page = document([text]);
    expect(countFurniture(page.markdown, page.spans, reference).gluedFootnoteMarks).toEqual(['old1']);
    // Without the note at the foot, "old1" is a name like "utf8".
    expect(countFurniture(page.markdown, page.spans, [text.join('\n')]).gluedFootnoteMarks).toEqual([]);
  });
});
