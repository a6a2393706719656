import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { debrisLines } from './markdown-debris.fixture.ts';
import { normaliseHtml } from './normalise-html.ts';

// The held-out check for web pages: every HTML page the packages on this machine install under
// /usr/share/doc (DocBook manuals such as base-passwd's and Valgrind's, Texinfo, libxslt's
// gtk-doc, TeX Live's), none of which our own corpus was written from, imports with no empty
// link or anchor ("[]()") and no list item that is only another list's marker.
const DOC_ROOT = '/usr/share/doc';

function htmlFilesUnder(folder: string): string[] {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return htmlFilesUnder(path);
    return entry.isFile() && /\.html?$/i.test(entry.name) ? [path] : [];
  });
}

describe(`web pages installed under ${DOC_ROOT}`, () => {
  it('import with no empty link, no bare anchor and no doubled list marker', async () => {
    const files = htmlFilesUnder(DOC_ROOT);
    expect(files.length, `too few HTML pages under ${DOC_ROOT} to judge the normaliser: install Debian packages with HTML manuals (base-passwd, valgrind, libxslt1-dev)`).toBeGreaterThanOrEqual(20);
    const debris: string[] = [];
    for (const file of files) {
      const { markdown } = await normaliseHtml(readFileSync(file), file);
      for (const line of debrisLines(markdown)) debris.push(`${file}: ${line.slice(0, 120)}`);
    }
    expect(debris).toEqual([]);
  }, 900_000);
});
