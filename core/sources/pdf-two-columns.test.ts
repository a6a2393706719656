import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INSTALL_CORPUS_HINT } from './debian-pdf-corpus.fixture.ts';
import { normalisePdf } from './normalise-pdf.ts';

// Two-column papers as Debian ships them in texlive-metapost-doc: an Elsevier journal article
// (Pattern Recognition, set by Elsevier and distilled by Acrobat) and a TUGboat article (pdfTeX,
// TUGboat's own class). Each test checks one real page's text in the order a reader reads it.
const FEATPOST = '/usr/share/doc/texlive-doc/metapost/featpost/doc/otherinfo';

async function markdownOf(name: string): Promise<{ lines: string[]; pageOf: (line: number) => number | undefined }> {
  const file = `${FEATPOST}/${name}`;
  expect(existsSync(file), `texlive-metapost-doc is not installed: ${INSTALL_CORPUS_HINT}`).toBe(true);
  const source = await normalisePdf(new Uint8Array(readFileSync(file)), name);
  const pageOf = (line: number) => source.pages.find((span) => span.startLine <= line + 1 && line + 1 <= span.endLine)?.page;
  return { lines: source.markdown.split('\n'), pageOf };
}

/** The index of the one line holding `words`; fails naming them when no line or several do. */
function lineWith(lines: string[], words: string): number {
  const found = lines.flatMap((line, index) => (line.includes(words) ? [index] : []));
  expect(found, `lines holding "${words}"`).toHaveLength(1);
  return found[0]!;
}

describe('two-column pages read column by column', () => {
  it('reads an Elsevier article\'s first page left column then right, the paragraph going on past the small print at the left column\'s foot', async () => {
    const { lines, pageOf } = await markdownOf('BezierApprox.pdf');
    // The left column's last paragraph ends at the head of the right column, as one line of text.
    const cut = lineWith(lines, '(ii) The descriptors should represent the');
    expect(lines[cut]).toContain('(ii) The descriptors should represent the digital curve as accurately as possible, or in other words, if we reconstruct the digital curve from the descriptors');
    // Left column, then right, in reading order; page 2 after.
    const order = ['## 1. Introduction', 'Boundary representation plays an important role', '(ii) The descriptors should represent the', 'The digital curve is divided into segments', 'Teh and Chin [2] proposed', 'Pei and Horng [8] introduced'].map((words) => lineWith(lines, words));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // The small print (the corresponding author, the journal's copyright) follows the page's text and glues to nothing.
    const small = lineWith(lines, 'doi:10.1016/j.patcog.2007.01.019');
    expect(lines[small]!.trim().endsWith('doi:10.1016/j.patcog.2007.01.019')).toBe(true);
    expect(small).toBeGreaterThan(lineWith(lines, 'Teh and Chin [2] proposed'));
    expect(pageOf(small)).toBe(1);
    expect(lineWith(lines, '∗ Corresponding author.')).toBeLessThan(small);
  });

  it('keeps a TUGboat article\'s title and reads its first page column by column, past a footnote and a figure\'s caption', async () => {
    const { lines, pageOf } = await markdownOf('tb88henderson.pdf');
    // The running heads of the later pages repeat the title in smaller type: the title itself stays.
    expect(lines[0]).toBe('A beginner’s guide to METAPOST for creating high-quality graphics');
    // "programat-" ends the left column above a footnote; "ically." opens the right column.
    const word = lineWith(lines, 'can be used programatically.');
    expect(lines[word]).toContain('Figure 1 illustrates how METAPOST can be used programatically.');
    // A figure's caption sits inside the right column's paragraph: the sentence goes on past it.
    lineWith(lines, 'The programming language constructs of METAPOST also deliver a graceful mechanism');
    const note = lineWith(lines, 'All graphics in this article (except Figure 2) are created with METAPOST');
    const caption = lineWith(lines, 'Figure 1: Rotated circles');
    const lastOfPage = lineWith(lines, 'or other vector formats including Portable Document Format (PDF)');
    expect(word).toBeLessThan(lastOfPage);
    expect(note).toBeGreaterThan(lastOfPage);
    expect(caption).toBeGreaterThan(lastOfPage);
    expect([pageOf(note), pageOf(caption), pageOf(lastOfPage)]).toEqual([1, 1, 1]);
  });
});
