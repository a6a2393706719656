import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { encryptedPdf, garbledPdf, randomNotPdf, tinyPdf, truncated } from './broken-pdfs.fixture.ts';
import { countLines } from './line-index.ts';
import { markdownSections } from './markdown-sections.ts';
import { normalisePdf } from './normalise-pdf.ts';
import { SourceImportError } from './source-errors.ts';

const DEMO_PDF = readFileSync(new URL('../../datasets/demo/sources/dashboard-review.pdf', import.meta.url));

async function failureOf(bytes: Uint8Array, name: string): Promise<SourceImportError> {
  const error = await normalisePdf(bytes, name).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SourceImportError);
  return error as SourceImportError;
}

describe('normalisePdf on the demo PDF', () => {
  it('infers the outline from type: 20 pt bold #, 14 pt bold ##, bold at body size ###', async () => {
    const { markdown, title } = await normalisePdf(DEMO_PDF, 'dashboard-review.pdf');
    expect(title).toBe('Reviewing an agent-built operations dashboard');
    const outline = (await markdownSections(markdown, countLines(markdown))).map((s) => `${'#'.repeat(s.level)} ${s.title}`);
    expect(outline).toEqual([
      '# Reviewing an agent-built operations dashboard',
      '## Method',
      '### Sample data',
      '## Findings',
      '### Weekly trend',
      '### Regional breakdown',
      '### Slowest shipments',
      '## Verdict',
      '## What a judge should check',
      '### Notes for annotators',
    ]);
  });

  it('joins lines into paragraphs, one sentence per line, and repairs words hyphenated at line ends', async () => {
    const { markdown } = await normalisePdf(DEMO_PDF, 'dashboard-review.pdf');
    expect(markdown).toContain('\nEach reviewer opened the build on a laptop, worked through the three views the brief requires, and wrote down every point where the dashboard disagreed with the brief.\nThe whole evaluation took about forty minutes per reviewer.\n');
    expect(markdown).toContain('dropped from the breakdown but counted in the trend.');
    expect(markdown).not.toMatch(/evalu-|dash-|break-/);
  });

  it('joins the paragraph that runs across a page break and drops the running footer', async () => {
    const { markdown } = await normalisePdf(DEMO_PDF, 'dashboard-review.pdf');
    expect(markdown).toContain('so that each finding could be traced back to specific orders rather than to an impression of the chart.');
    expect(markdown).not.toContain('page 1 of 3');
  });

  it('records the lines each page produced, and has body text (the list) on lines 14-17', async () => {
    const { markdown, pages } = await normalisePdf(DEMO_PDF, 'dashboard-review.pdf');
    const lines = markdown.split('\n');
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(pages[0]!.startLine).toBe(1);
    expect(lines[pages[1]!.startLine - 1]).toBe('## Findings');
    expect(lines[pages[2]!.startLine - 1]).toBe('## Verdict');
    expect(pages[2]!.endLine).toBe(countLines(markdown));
    expect(lines.slice(13, 17)).toEqual([
      '- Do the regional totals add up to the weekly total?',
      '- Is the current, partial week marked as partial?',
      '- Does each empty or failed panel say what happened?',
      '- Can the charts be read without relying on colour alone?',
    ]);
  });
});

describe('normalisePdf on generated PDFs', () => {
  it('escapes body text that would read as Markdown structure', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([612, 792]);
    ['# of orders per week went up.', '```not a fence', '<!-- not a comment'].forEach((text, i) => page.drawText(text, { x: 72, y: 700 - i * 40, size: 11, font }));
    const { markdown } = await normalisePdf(await pdf.save(), 'escapes.pdf');
    expect(markdown).toBe('\\# of orders per week went up.\n\n\\```not a fence\n\n\\<!-- not a comment\n');
    expect(await markdownSections(markdown, countLines(markdown))).toEqual([{ title: '', level: 0, startLine: 1, endLine: 5 }]);
  });

  it('refuses a PDF without a text layer, saying to run OCR', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]).drawRectangle({ x: 50, y: 50, width: 200, height: 100 });
    const error = await failureOf(await pdf.save(), 'scan.pdf');
    expect(error.message).toMatch(/^scan\.pdf has no text layer .*OCR/);
  });

  it('reads a minimal hand-written PDF', async () => {
    expect((await normalisePdf(tinyPdf(), 'tiny.pdf')).markdown).toBe('Secret text\n');
  });
});

describe('normalisePdf on broken files', () => {
  it.each([
    ['empty.pdf', () => new Uint8Array(), /^empty\.pdf is empty \(0 bytes\)/],
    ['noise.pdf', () => randomNotPdf(), /^noise\.pdf is not a PDF .*%PDF-/],
    ['cut-off.pdf', () => truncated(DEMO_PDF), /^cut-off\.pdf is a truncated PDF.*download or export it again/],
    ['locked.pdf', () => encryptedPdf(), /^locked\.pdf is encrypted and needs a password.*export an unencrypted copy/],
    ['damaged.pdf', () => garbledPdf(), /^damaged\.pdf is damaged.*save or export a fresh copy/],
  ])('%s gets a clear error naming it and saying what to do', async (name, bytes, message) => {
    expect((await failureOf(bytes(), name)).message).toMatch(message);
  });
});
