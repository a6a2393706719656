import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INSTALL_CORPUS_HINT } from './debian-pdf-corpus.fixture.ts';
import { normalisePdf, withPageLabels } from './normalise-pdf.ts';

// TeX Live's Italian "LaTeX for word-processor users", as texlive-lang-italian installs it:
// two front-matter pages printed "i" and "ii", then the text numbered from 1 on the file's page 3.
const LATEX4WP = '/usr/share/doc/texlive-doc/latex/latex4wp-it/latex4wp-it.pdf';

describe('printed page labels', () => {
  it("give each page span the PDF's printed label, so the badge says what the paper says", async () => {
    expect(existsSync(LATEX4WP), `the corpus is not installed: ${INSTALL_CORPUS_HINT}`).toBe(true);
    const { pages } = await normalisePdf(readFileSync(LATEX4WP), 'latex4wp-it.pdf');
    const labelOf = (page: number) => pages.find((span) => span.page === page)?.label;
    expect(labelOf(1)).toBe('i');
    expect(labelOf(3)).toBe('1');
    expect(labelOf(10)).toBe('8');
  }, 120_000);

  it('leave a span without a label where the PDF has none or gives an empty one', () => {
    const spans = [{ page: 1, startLine: 1, endLine: 3 }, { page: 2, startLine: 5, endLine: 9 }];
    expect(withPageLabels(spans, null)).toEqual(spans);
    expect(withPageLabels(spans, ['', 'A-2'])).toEqual([spans[0], { ...spans[1], label: 'A-2' }]);
  });
});
