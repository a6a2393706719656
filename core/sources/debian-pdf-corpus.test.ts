import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { debianPdfCorpus, INSTALL_CORPUS_HINT } from './debian-pdf-corpus.fixture.ts';
import { censusOfPdfCorpus, describeCensus } from './pdf-corpus-census.fixture.ts';

// Real PDFs as Debian ships them (TeX Live manuals in four languages, thesis and exam templates,
// font catalogues, two Debian manuals), imported as the app imports them and judged against
// pdftotext. The figures below are the corpus's on the day page furniture was last changed
// (issue 28: 71 documents read; before that change 30 page-number lines, 2 documents with a
// repeated head, 265 leader-dot lines, 156 headings ending in a page number). They may only go
// down: a change that brings furniture back fails here with every document's counts.
//
// What is left is not furniture: the page-number lines are a diagram's labels (xypic tutorial),
// a class's chapter ornaments ("—1—" on the page numbered 1) and an example's marks; the repeated
// line is a slide label ("Exemplo"); the leader dots are two-column indexes of macros and an exam's
// blanks to fill in; the two headings are a title ("…, versione 3") and a template's "Sub Section 2".
// Neither heading is a table of contents' entry. The Spanish lshort's index head on the index's
// last page ("ÍNDICE ALFABÉTICO 147", that page's only line) went with normaliser pdf 4.
//
// Issue 38 added three packages (Polish TeX Live documentation, GLPK's manuals full of tables in
// three languages, nauty's user guide): 18 more documents read, 1,020 more page numbers shown by
// pdftotext. On normaliser pdf 5 they brought 38 page-number lines (23 in bredzenie, a Polish
// filler-text package whose footnote numbers stand alone on their lines, 10 in nauty's guide) and
// one repeated line that is no running head (GLPK's "Example" over each API routine's example).
// The page-number lines are within issue 38's 2 %, but no longer under issue 28's one per ten
// documents, which is why that line is now this ceiling.
// Normaliser pdf 6 (outline headings, tables by column alignment) reads 45 page-number lines of 2,539 (1.8 %).
//
// Issue 38, session 15: TeX Live's MetaPost documentation joined (two-column papers: TUGboat
// articles, an Elsevier article; manuals full of figures with numbered labels): 167 documents read,
// 3,610 page numbers shown by pdftotext. The census was made to count what it names: a page
// number or a head only where ours keeps it at a page's edge (diagram labels such as a molecule's
// atom numbers mid-page had counted as 108 kept folios), a head only at the edge of most pages (GLPK's "Example",
// cursolatex's "Exemplo", a float's caption, a slide's title are not), a glued digit only where
// the page has that note and its word is no numbered family of names. On that census normaliser
// pdf 6 keeps 18 page-number lines and pdf 7 24 (lone note numbers in bredzenie and diagram
// labels that now stand at a page's edge since small print follows the page's text), 0.7 %.
const KEPT = { pageNumberLines: 24, documentsWithRepeatedHead: 0, leaderDotLines: 180, headingsEndingInPageNumber: 1 };

const ISSUE_38_OPEN = { codeOrTableHeadings: 0, brokenTableRows: 0, gluedFootnoteMarks: 0 };

const corpus = debianPdfCorpus();

describe('PDF structure on real PDFs from Debian packages', () => {
  it('leaves (almost) no page numbers, running heads, leader dots or page-numbered headings, and keeps pdftotext\'s words', async () => {
    expect(corpus.missing, `the corpus's packages are not installed: ${INSTALL_CORPUS_HINT}`).toEqual([]);
    expect(spawnSync('pdftotext', ['-v']).error, `pdftotext is missing: ${INSTALL_CORPUS_HINT}`).toBeUndefined();
    const census = await censusOfPdfCorpus(corpus.files);
    const report = describeCensus(census);
    // The census, every document's line and the totals: `npx vitest run core/sources/debian-pdf-corpus.test.ts` prints it.
    console.log(report);
    const read = census.documents.length;
    expect(read, report).toBeGreaterThanOrEqual(160);
    // Issue 38 asks for no running head kept (issue 28 allowed one document in twenty).
    expect(census.documentsWithRepeatedHead, report).toBe(0);
    expect(census.coverage, report).toBeGreaterThanOrEqual(0.95);
    // Issue 38's: folios kept at most 2 % of the page numbers pdftotext shows (44 of 2,539 on normaliser pdf 5, 45 on pdf 6).
    expect(census.pageNumberLines, report).toBeLessThanOrEqual(census.referencePageNumbers * 0.02);
    // Issue 38 asks for none of these. Normaliser pdf 5 left, over the 89 documents, 71 headings
    // that are code or table lines, 131 lines starting with "|" that were no complete table row (PDF
    // text such as "|x| =") and 178 words with a digit glued on. Pdf 6 (the PDF's outline, tables by
    // column alignment, a leading "|" escaped, a raised digit with no note a superscript) leaves
    // 0, 0 and 101 digits, which were the documents' own identifiers ("value1", "utf8", "latin1",
    // "\label{key1}"); counted as glued marks only where the page has the note, none is. Kept as
    // ceilings, so that none comes back.
    for (const [figure, kept] of Object.entries(ISSUE_38_OPEN)) expect(census[figure as keyof typeof ISSUE_38_OPEN], `${figure}\n${report}`).toBeLessThanOrEqual(kept);
    // The figures kept, so that none comes back.
    for (const [figure, kept] of Object.entries(KEPT)) expect(census[figure as keyof typeof KEPT], `${figure}\n${report}`).toBeLessThanOrEqual(kept);
    // What the import refuses is only what has no text: logos and screenshots saved as PDF.
    expect(census.refused.filter((r) => !/has no text layer/.test(r.reason))).toEqual([]);
  }, 1_200_000);
});
