import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface FixtureFiles {
  dir: string;
  pdf: string;
  html: string;
  markdown: string;
}

/**
 * The handbook PDF's sections. The importer joins a section's lines into one paragraph, so each
 * section becomes a heading line and a paragraph line with blank lines between: 26 lines in all,
 * and lines 12–15 span a paragraph and the next heading.
 */
const HANDBOOK: { heading: string; paragraphs: string[] }[] = [
  { heading: 'Why cite sources', paragraphs: ['A chapter plan is only as good as the evidence behind it.', 'Every instruction should point at the lines that justify it.'] },
  { heading: 'How to select lines', paragraphs: ['Drag across the text of one or more lines in the viewer.', 'The gutter shows the line numbers the selection covers.'] },
  { heading: 'Citing', paragraphs: ['Press C or the Cite button to attach the span to a chapter.', 'The active chapter receives the citation and its quote.'] },
  { heading: 'Keyboard', paragraphs: ['Keyboard users move the line cursor with the arrow keys.', 'Shift with the arrow keys extends the selection instead.'] },
  { heading: 'Keeping citations honest', paragraphs: ['When a source changes, each citation is found again by its quote.', 'A citation whose quote is gone is flagged, never silently moved.'] },
  { heading: 'History', paragraphs: ['Undo and redo cover every change made in the annotator.', 'Global notes hold what applies to the whole data room.'] },
];

/** Writes a PDF with a title and six headed sections of short paragraphs (well over 15 lines). */
async function writeHandbookPdf(path: string): Promise<void> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Annotator Handbook');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([612, 792]);
  let y = 730;
  const draw = (text: string, size: number, heading: boolean) => {
    if (y < 90) {
      page = pdf.addPage([612, 792]);
      y = 730;
    }
    page.drawText(text, { x: 72, y, size, font: heading ? bold : regular });
    // Paragraphs are set apart by a clear gap, headings by a larger one.
    y -= heading ? size * 2.2 : size * 2.4;
  };
  draw('Annotator Handbook', 24, true);
  for (const section of HANDBOOK) {
    draw(section.heading, 16, true);
    for (const paragraph of section.paragraphs) draw(paragraph, 11, false);
  }
  writeFileSync(path, await pdf.save());
}

/** The acceptance fixtures: a PDF, a web page and a Markdown file, each with a few sections. */
export async function writeAnnotatorFixtures(): Promise<FixtureFiles> {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-annotator-fixtures-'));
  const files = { dir, pdf: join(dir, 'annotator-handbook.pdf'), html: join(dir, 'release-notes.html'), markdown: join(dir, 'style-guide.md') };
  await writeHandbookPdf(files.pdf);
  writeFileSync(
    files.html,
    `<!doctype html><html><head><title>Release notes</title></head><body>
<nav><a href="/">Home</a></nav>
<h1>Release notes</h1>
<h2>Version 2</h2><p>Sources open at the first line in under a blink.</p><ul><li>Find in document</li><li>Collapsible sections</li></ul>
<h2>Version 1</h2><p>The first annotator shipped with three panels.</p>
</body></html>`,
  );
  writeFileSync(
    files.markdown,
    ['# Style guide', '', 'Write instructions an agent can act on.', '', '## Tone', '', 'Plain words. Short sentences.', '', '## Citations', '', 'Cite the narrowest span that supports the claim.', ''].join('\n'),
  );
  return files;
}

/** A local server that records every request: proof that a page loaded (or did not load) something. */
export async function startBeaconServer(): Promise<{ origin: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(204, { 'Access-Control-Allow-Origin': '*' });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * An HTML page and a Markdown file that try everything a hostile source might: inline and remote
 * script, event handlers, javascript: links, remote images, frames and styles, all aimed at the
 * beacon server and at `window.__lhbPwned`.
 */
export function writeHostileFixtures(beacon: string): { html: string; markdown: string } {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-hostile-'));
  const attack = (tag: string) => [
    `<script>window.__lhbPwned = '${tag} inline script'; fetch('${beacon}/${tag}-script-fetch');</script>`,
    `<script src="${beacon}/${tag}-remote.js"></script>`,
    `<img src="${beacon}/${tag}-beacon.png" onerror="window.__lhbPwned = '${tag} onerror'">`,
    `<a href="javascript:window.__lhbPwned='${tag} link'">Click for a prize</a>`,
    `<iframe src="${beacon}/${tag}-frame"></iframe>`,
    `<link rel="stylesheet" href="${beacon}/${tag}-style.css">`,
    `<svg onload="window.__lhbPwned = '${tag} svg'"><image href="${beacon}/${tag}-svg.png"/></svg>`,
    `<div style="background:url(${beacon}/${tag}-css-bg.png)">styled</div>`,
  ];
  const html = join(dir, 'hostile-page.html');
  writeFileSync(
    html,
    `<!doctype html><html><head><title>Hostile page <img src=${beacon}/title.png onerror=alert(1)></title>
<meta http-equiv="refresh" content="0;url=${beacon}/refresh"></head><body>
<h1>Hostile page</h1><p>Ordinary text before the attacks.</p>
${attack('html').join('\n')}
<h2>After the attacks</h2><p>Ordinary text after them.</p></body></html>`,
  );
  const markdown = join(dir, 'hostile-notes.md');
  writeFileSync(
    markdown,
    [
      '# Hostile notes',
      '',
      'Ordinary text before the attacks.',
      '',
      ...attack('md'),
      '',
      `![remote image](${beacon}/md-image.png)`,
      '',
      `[a javascript link](javascript:window.__lhbPwned='md markdown link')`,
      '',
      `<${beacon}/md-autolink>`,
      '',
      '## After the attacks',
      '',
      'Ordinary text after them.',
      '',
    ].join('\n'),
  );
  return { html, markdown };
}
