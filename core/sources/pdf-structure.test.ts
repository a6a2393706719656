import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { countLines } from './line-index.ts';
import { markdownSections } from './markdown-sections.ts';
import { normalisePdf } from './normalise-pdf.ts';

// PDFs built for one structure each (pdf-lib), read as an import reads them (pdf.js).

const BODY = 'Body text of the guide, set in the most common size so that larger type reads as headings.';

async function fonts(pdf: PDFDocument) {
  return {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    mono: await pdf.embedFont(StandardFonts.Courier),
  };
}

/** Draws lines top-down from `y`, 14 pt apart, at 10 pt unless told. */
function write(page: PDFPage, font: PDFFont, lines: string[], y = 700, size = 10, x = 72): number {
  lines.forEach((text, i) => page.drawText(text, { x, y: y - i * (size * 1.4), size, font }));
  return y - lines.length * (size * 1.4);
}

async function read(pdf: PDFDocument) {
  const { markdown, pages } = await normalisePdf(await pdf.save(), 'built.pdf');
  const outline = (await markdownSections(markdown, countLines(markdown))).filter((s) => s.level > 0).map((s) => `${'#'.repeat(s.level)} ${s.title}`);
  return { markdown, pages, outline, lines: markdown.split('\n') };
}

describe('PDF structure an SME can cite', () => {
  it('drops page numbers and a running head repeated on a few pages, and joins a word hyphenated across the page break', async () => {
    const pdf = await PDFDocument.create();
    const { regular } = await fonts(pdf);
    for (let n = 1; n <= 12; n++) {
      const page = pdf.addPage([612, 792]);
      // The appendix's title runs over its last four pages only: a third of the document.
      if (n >= 9) page.drawText('Appendix B: Forms and Fees', { x: 72, y: 760, size: 9, font: regular });
      // The folio sits above the bottom margin band, where a band test alone would miss it.
      page.drawText(String(n + 4), { x: 300, y: 90, size: 9, font: regular });
      if (n === 3) {
        write(page, regular, ['The adviser may not', 'give le-'], 140);
      } else if (n === 4) {
        write(page, regular, ['gal advice to the applicant. A second sentence starts here.']);
      } else {
        write(page, regular, [`${BODY} Page body ${n}.`]);
      }
    }
    const { markdown, lines, pages } = await read(pdf);
    expect(markdown).not.toContain('Appendix B');
    expect(lines.filter((line) => /^\d+$/.test(line.trim()))).toEqual([]);
    expect(lines).toContain('The adviser may not give legal advice to the applicant.');
    // The sentence starts on page 3; the next one is page 4's.
    const at = (text: string) => lines.indexOf(text) + 1;
    const pageOf = (line: number) => pages.find((span) => span.startLine <= line && line <= span.endLine)?.page;
    expect(pageOf(at('The adviser may not give legal advice to the applicant.'))).toBe(3);
    expect(pageOf(at('A second sentence starts here.'))).toBe(4);
    expect(pages.map((span) => span.page)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('renders a table of contents as a list, never as headings, whatever its type size', async () => {
    const pdf = await PDFDocument.create();
    const { regular, bold } = await fonts(pdf);
    const contents = pdf.addPage([612, 792]);
    contents.drawText('Contents', { x: 72, y: 720, size: 18, font: bold });
    write(contents, bold, ['1 Introduction . . . . . . . . . . . . 3', '2 Filing a Patent ............. 5', '8 The Layout of the Patent Application 13', 'Index 21'], 680, 12);
    const body = pdf.addPage([612, 792]);
    body.drawText('Introduction', { x: 72, y: 720, size: 18, font: bold });
    write(body, regular, Array.from({ length: 12 }, (_, i) => `${BODY} Line ${i + 1} of the introduction`), 690);
    const { markdown, outline } = await read(pdf);
    expect(markdown).toContain('# Contents\n\n- 1 Introduction … 3\n- 2 Filing a Patent … 5\n- 8 The Layout of the Patent Application … 13\n- Index … 21\n');
    expect(outline).toEqual(['# Contents', '# Introduction']);
  });

  it('drops a book\'s running heads and folios set well inside the page, and keeps a chapter\'s opening title', async () => {
    // A4 as LaTeX's book classes set it: the head 100 pt below the page top (far below an 8 % band),
    // the section's title and the folio on odd pages, the folio and the chapter's on even pages;
    // a chapter opens without a head, its folio at the foot. Folios start at 1 on the third sheet.
    const pdf = await PDFDocument.create();
    const { regular, bold } = await fonts(pdf);
    const sections = ['1.1 Getting started', '1.1 Getting started', '1.2 The input files', '1.2 The input files', '1.3 A typical session', '1.3 A typical session'];
    for (let n = 1; n <= 14; n++) {
      const page = pdf.addPage([595, 842]);
      const folio = n - 2;
      if (n <= 2) {
        write(page, regular, [`${BODY} Front matter ${n}.`], 700, 11);
        continue;
      }
      if (n === 3) {
        page.drawText('Chapter 1', { x: 120, y: 640, size: 20, font: bold });
        write(page, regular, Array.from({ length: 20 }, (_, i) => `${BODY} Opening line ${i + 1}.`), 600, 11);
        page.drawText(String(folio), { x: 290, y: 100, size: 11, font: regular });
        continue;
      }
      const head = folio % 2 === 1 ? `${sections[(folio - 3) % sections.length]} ${folio}` : `${folio} Chapter 1. Things you need to know`;
      page.drawText(head, { x: folio % 2 === 1 ? 120 : 110, y: 738, size: 11, font: regular });
      write(page, regular, Array.from({ length: 30 }, (_, i) => `${BODY} Page ${n} line ${i + 1}.`), 703, 11);
    }
    const { lines, outline } = await read(pdf);
    expect(lines.filter((line) => /Things you need to know|Getting started|The input files|A typical session/.test(line))).toEqual([]);
    expect(lines.filter((line) => /^\d+$/.test(line.trim()))).toEqual([]);
    expect(outline).toEqual(['# Chapter 1']);
  });

  it('makes a table of contents of questions with dot leaders a list of entries without leaders', async () => {
    const pdf = await PDFDocument.create();
    const { regular, bold } = await fonts(pdf);
    const contents = pdf.addPage([612, 792]);
    write(contents, bold, ['1. What are TeX and its sister programs? 1'], 700, 10);
    write(contents, regular, ['1.1. What is TeX? . . . . . . . . . . . . . . . . . . . 1', '1.2. What is LaTeX? . . . . . . . . . . . . . . . . . . 2'], 686, 10);
    write(contents, bold, ['2. Why would I use it? 3'], 658, 10);
    write(contents, regular, ['2.1. Can it set my thesis, too? . . . . . . . . . . . 3'], 644, 10);
    const body = pdf.addPage([612, 792]);
    write(body, bold, ['1. What are TeX and its sister programs?'], 720, 14);
    write(body, regular, Array.from({ length: 12 }, (_, i) => `${BODY} Line ${i + 1}.`), 690);
    const { markdown, lines } = await read(pdf);
    expect(markdown).toContain(
      '- 1\\. What are TeX and its sister programs? … 1\n- 1.1. What is TeX? … 1\n- 1.2. What is LaTeX? … 2\n- 2\\. Why would I use it? … 3\n- 2.1. Can it set my thesis, too? … 3\n',
    );
    expect(lines.filter((line) => /\.\s?\.\s?\./.test(line))).toEqual([]);
  });

  it('keeps a monospace listing as fenced code, line for line with its indentation', async () => {
    const pdf = await PDFDocument.create();
    const { regular, mono } = await fonts(pdf);
    const page = pdf.addPage([612, 792]);
    const y = write(page, regular, [`${BODY} The function below adds.`]);
    const code = ['function add(a, b) {', '  // sum', '  return a + b;', '}'];
    code.forEach((text, i) => {
      const indent = text.length - text.trimStart().length;
      page.drawText(text.trimStart(), { x: 72 + indent * 6, y: y - 20 - i * 12, size: 10, font: mono });
    });
    write(page, regular, ['After the listing, prose resumes.'], y - 90);
    const { markdown } = await read(pdf);
    expect(markdown).toContain('\n\n```\nfunction add(a, b) {\n  // sum\n  return a + b;\n}\n```\n\nAfter the listing, prose resumes.\n');
  });

  it('keeps a line of paths set in monospace inside its sentence, and a monospace bullet list as a list', async () => {
    const pdf = await PDFDocument.create();
    const { regular, mono } = await fonts(pdf);
    const page = pdf.addPage([612, 792]);
    write(page, regular, ['When using the default paths, the files to load are'], 700);
    page.drawText('/usr/share/mime/text/html.xml, /usr/local/share/mime/text/html.xml, and', { x: 72, y: 686, size: 10, font: mono });
    write(page, regular, ['~/.local/share/mime/text/html.xml, in this order.'], 672);
    write(page, mono, ['• INTEGER;', '• BOOLEAN;', '• NULL;'], 630);
    const { lines } = await read(pdf);
    expect(lines).toEqual([
      'When using the default paths, the files to load are /usr/share/mime/text/html.xml, /usr/local/share/mime/text/html.xml, and ~/.local/share/mime/text/html.xml, in this order.',
      '',
      '- INTEGER;',
      '- BOOLEAN;',
      '- NULL;',
      '',
    ]);
  });

  it('keeps a raised "th" on its heading, so the heading is whole and no fragment becomes one', async () => {
    const pdf = await PDFDocument.create();
    const { regular, bold } = await fonts(pdf);
    const page = pdf.addPage([612, 792]);
    const title = 'Minutes of the meeting of September 8';
    page.drawText(title, { x: 72, y: 720, size: 20, font: bold });
    page.drawText('th', { x: 72 + bold.widthOfTextAtSize(title, 20), y: 729, size: 12, font: bold });
    write(page, regular, Array.from({ length: 8 }, (_, i) => `${BODY} Minute ${i + 1}.`), 690);
    const { outline, markdown } = await read(pdf);
    expect(outline).toEqual(['# Minutes of the meeting of September 8th']);
    expect(markdown).not.toMatch(/^#+ th$/m);
  });

  it('writes prose one sentence per line, so that the Markdown still renders one paragraph', async () => {
    const pdf = await PDFDocument.create();
    const { regular } = await fonts(pdf);
    const page = pdf.addPage([612, 792]);
    write(page, regular, ['The applicant filed on time. See Fig. 3 for the form, e.g. the', 'first page. Section 4 applies. 2. Not a list: a numbered', 'point inside the paragraph. - A dash is not a bullet here.']);
    const { lines } = await read(pdf);
    expect(lines).toEqual([
      'The applicant filed on time.',
      'See Fig. 3 for the form, e.g. the first page.',
      'Section 4 applies.',
      // A sentence's own number is escaped so it is not a list; a dash mid-sentence needs nothing.
      '2\\. Not a list: a numbered point inside the paragraph. - A dash is not a bullet here.',
      '',
    ]);
  });
});
