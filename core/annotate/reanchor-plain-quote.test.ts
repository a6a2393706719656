import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readMarkdownLine } from '../../schemas/markdown-line/markdown-line.ts';
import { createAnnotateTestbed, type AnnotateTestbed } from './annotate-testbed.fixture.ts';
import { createChapter } from './chapters.ts';
import { addCitation } from './citations.ts';
import { loadDataRoomDetail } from './data-room-detail.ts';
import { readPlainLines } from './plain-lines.ts';
import * as plainVersion from './plain-version-text.ts';
import { reanchorCitations } from './reanchor-citations.ts';

let bed: AnnotateTestbed;
let chapterId: string;
beforeEach(() => {
  bed = createAnnotateTestbed();
  chapterId = createChapter(bed.deps, { dataRoomId: bed.dataRoomId, title: 'Fonts' });
});
afterEach(() => bed.dispose());

const plainOf = (line: string): string => readMarkdownLine(line).text;

/** Cites `words` in line `line` of `lines` (one source version) by their plain-text characters. */
function citeWords(lines: string[], line: number, words: string) {
  const { sourceId, versionId } = bed.library.addSource({ dataRoomId: bed.dataRoomId, lines });
  const text = plainOf(lines[line - 1]!);
  const startChar = text.indexOf(words);
  expect(startChar).toBeGreaterThanOrEqual(0);
  const { citationId } = addCitation(bed.deps, { chapterId, versionId, startLine: line, endLine: line, startChar, endChar: startChar + words.length }, readPlainLines);
  return { sourceId, versionId, citationId };
}
const citation = (id: string) => loadDataRoomDetail(bed.deps, bed.dataRoomId).chapters.flatMap((c) => c.citations).find((c) => c.id === id)!;

describe('re-anchoring a plain-text quote', () => {
  it('finds a quote hyphenated across lines in the old version where the new one joins the word', () => {
    const { sourceId, citationId } = citeWords(['# Fonts', '', 'Type 1 fonts are appro- priate for *Post- Script* printers only.'], 3, 'appro- priate for Post- Script printers');
    const v2Lines = ['# Fonts', '', 'Intro.', '', 'Type 1 fonts are appropriate for *PostScript* printers only.'];
    const v2 = bed.library.addVersion(sourceId, v2Lines);
    const report = reanchorCitations(bed.deps, sourceId, v2, plainVersion);
    expect(report).toMatchObject({ checked: 1, reanchored: 1, orphaned: 0, movedCitationIds: [citationId] });
    const plain = plainOf(v2Lines[4]!);
    expect(citation(citationId)).toMatchObject({ versionId: v2, startLine: 5, endLine: 5, startChar: plain.indexOf('appropriate'), endChar: plain.indexOf(' only'), quote: 'appropriate for PostScript printers' });
  });

  it('finds a one-line quote the new version wraps over two lines, with characters in both', () => {
    const { sourceId, citationId } = citeWords(['See the [font `map` file](https://ctan.org/pkg/map) for details of each encoding.'], 1, 'map file for details');
    const v2 = bed.library.addVersion(sourceId, ['See the [font `map` file](https://ctan.org/pkg/map) for', 'details of each encoding.']);
    reanchorCitations(bed.deps, sourceId, v2, plainVersion);
    expect(citation(citationId)).toMatchObject({ versionId: v2, startLine: 1, endLine: 2, startChar: 'See the font '.length, endChar: 'details'.length, status: 'reanchored', quote: 'map file for\ndetails' });
  });

  it('says ok when the quote has the same lines and characters, though the Markdown around it changed', () => {
    const { sourceId, citationId } = citeWords(['Use **bold** sparingly in body text.'], 1, 'bold sparingly');
    const v2 = bed.library.addVersion(sourceId, ['Use *bold* sparingly in body text.']);
    expect(reanchorCitations(bed.deps, sourceId, v2, plainVersion)).toMatchObject({ unchanged: 1, reanchored: 0 });
    expect(citation(citationId)).toMatchObject({ versionId: v2, startChar: 4, endChar: 18, status: 'ok' });
  });

  it('orphans a quote whose words are gone, naming no passage when nothing is like it', () => {
    const { sourceId, versionId, citationId } = citeWords(['Kerning tables live in the AFM file.', 'Metrics come from TFM files.'], 1, 'Kerning tables live in the AFM file');
    const v2 = bed.library.addVersion(sourceId, ['Metrics come from TFM files.']);
    const report = reanchorCitations(bed.deps, sourceId, v2, plainVersion);
    expect(report.orphans).toEqual([{ citationId, chapterId, chapterTitle: 'Fonts', quote: 'Kerning tables live in the AFM file' }]);
    expect(citation(citationId)).toMatchObject({ versionId, startLine: 1, startChar: 0, endChar: 35, status: 'orphaned' });
  });

  it('looks through the whole version when markup splits the words it looks for first', () => {
    // The longest words ("typesetting", "excellent") are split by emphasis inside the word in the new version.
    const { sourceId, citationId } = citeWords(['Plain TeX is excellent for typesetting mathematics.'], 1, 'excellent for typesetting');
    const filler = Array.from({ length: 30 }, (_, i) => `Filler line ${i}.`);
    const v2 = bed.library.addVersion(sourceId, [...filler, 'Plain TeX is *excel*lent for *type*setting mathematics.']);
    reanchorCitations(bed.deps, sourceId, v2, plainVersion);
    expect(citation(citationId)).toMatchObject({ versionId: v2, startLine: 31, startChar: 13, endChar: 38, status: 'reanchored' });
  });
});
