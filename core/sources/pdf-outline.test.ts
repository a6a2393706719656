import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INSTALL_CORPUS_HINT } from './debian-pdf-corpus.fixture.ts';
import { normaliseSource } from './normalise-source.ts';

// Real PDFs from the Debian corpus (debian-pdf-corpus.fixture.ts): one with an outline of its own,
// one without, whose numbered subsections are found by their type.
const SPEC = '/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf';
const LIBTASN1 = '/usr/share/doc/libtasn1-doc/libtasn1.pdf';
const TXFONTS = '/usr/share/doc/texlive-doc/fonts/txfonts/txfontsdoc.pdf';

async function outlineOf(path: string): Promise<string[]> {
  expect(existsSync(path), `${path} is missing: ${INSTALL_CORPUS_HINT}`).toBe(true);
  const { sections } = await normaliseSource('pdf', readFileSync(path), 'document.pdf');
  return sections.filter((section) => section.level > 0).map((section) => `${'#'.repeat(section.level)} ${section.title}`);
}

describe('the outline of a real PDF', () => {
  it('is the PDF\'s own outline, numbered subsections nested under their sections, and nothing else', async () => {
    const outline = await outlineOf(SPEC);
    expect(outline.slice(0, 6)).toEqual(['# 1. Introduction', '## 1.1. Version', '## 1.2. What is this spec?', '## 1.3. Language used in this specification', '# 2. Unified system', '## 2.1. Directory layout']);
    expect(outline).toContain('## 2.10. Storing the MIME type using Extended Attributes');
    expect(outline).toContain('## 2.17. User modification');
    // The PDF's outline has 24 entries (one, "References", nests under "3. Contributors"); no line in heading type outside it is a heading.
    expect(outline).toHaveLength(24);
  }, 120_000);

  it('finds an outline entry written without its number ("ASN.1 syntax") at its numbered line ("2.1 ASN.1 syntax")', async () => {
    const outline = await outlineOf(LIBTASN1);
    expect(outline).toEqual(expect.arrayContaining(['# 2 ASN.1 structure handling', '## 2.1 ASN.1 syntax', '## 4.3 DER functions', '# Concept Index']));
    expect(outline.some((entry) => /Returns:/.test(entry))).toBe(false);
  }, 120_000);

  it('without an outline, takes numbered subsections from their type and leaves out glyph rows and prose', async () => {
    const outline = await outlineOf(TXFONTS);
    expect(outline).toEqual(expect.arrayContaining(['## 7 Remarks', '### 7.1 Some Font Design Issues', '### 7.5 Glyphs in Low Positions', '### 8.5 Math Fonts']));
    expect(outline.filter((entry) => /T R C|Even though/.test(entry))).toEqual([]);
  }, 120_000);
});
