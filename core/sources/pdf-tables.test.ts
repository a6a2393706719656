import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INSTALL_CORPUS_HINT } from './debian-pdf-corpus.fixture.ts';
import { normalisePdf } from './normalise-pdf.ts';
import { pdfBlocks } from './pdf-blocks.ts';
import { pdfBlocksToMarkdown } from './pdf-markdown.ts';
import type { PdfPageLines } from './pdf-page-furniture.ts';
import { groupRunsIntoLines, type PdfTextRun } from './pdf-text-lines.ts';

const run = (text: string, x: number, y: number, monospace = false): PdfTextRun => ({ text, x, y, width: text.length * 5, size: 10, font: monospace ? 'mono' : 'regular', monospace });

/** A page whose runs are drawn row by row, as a typesetter draws a table. */
const page = (number: number, runs: PdfTextRun[]): PdfPageLines => ({ page: number, lines: groupRunsIntoLines(runs), top: 792, bottom: 0 });

/** Lines outside fenced code. */
function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').filter((line) => {
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    return !fenced;
  });
}

describe('tables in PDFs, found by column alignment', () => {
  it('writes the rows of a real table (lshort in Italian, as Debian ships it) as Markdown rows, one line each, wrapped cells joined', async () => {
    const file = '/usr/share/doc/texlive-doc/latex/lshort-italian/it-lshort.pdf';
    expect(existsSync(file), `texlive-lang-italian is not installed: ${INSTALL_CORPUS_HINT}`).toBe(true);
    const { markdown } = await normalisePdf(new Uint8Array(readFileSync(file)), 'it-lshort.pdf');
    const lines = markdown.split('\n');
    // Table 2.x, the logos: monospace commands are code, the head is the first row.
    const head = lines.indexOf('| Comando | Esempio | Descrizione |');
    expect(head, 'the logos table is missing').toBeGreaterThan(0);
    expect(lines.slice(head, head + 6)).toEqual([
      '| Comando | Esempio | Descrizione |',
      '| --- | --- | --- |',
      '| `\\today` | 30 novembre 2020 | Data corrente |',
      '| `\\TeX` | TEX | Il compositore preferito |',
      '| `\\LaTeX` | LATEX | Il nome del gioco |',
      '| `\\LaTeXe` | LATEX 2ε | La versione corrente |',
    ]);
    // The units of length: a description set over three lines is one row, its line-end hyphens settled.
    expect(lines).toContain('| `em` | ampiezza approssimativa di una ‘M’ nel carattere corrente, da cui il nome; in realtà è approssimativamente pari al corpo del carattere corrente |');
    expect(lines).toContain('| `ex` | altezza approssimativa di una ‘x’ nel carattere corrente, da cui il nome |');
    // No table flattened into the text, and every row (outside code) ends on its own line.
    expect(markdown).not.toMatch(/Comando Esempio Descrizione/);
    const rows = proseLines(markdown).filter((line) => line.startsWith('|'));
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((line) => !/[^\\]\|$/.test(line))).toEqual([]);
  }, 300_000);

  it('continues a table over a page break (its repeated head dropped), joins a wrapped cell into its row and escapes pipes', () => {
    const first = page(1, [
      run('The keys of the information dictionary follow.', 72, 700),
      run('Key', 72, 670),
      run('Type', 200, 670),
      run('Meaning', 300, 670),
      run('PTEX.Fullbanner', 72, 658, true),
      run('string', 200, 658),
      run('The banner of the program that', 300, 658),
      run('wrote the file', 300, 646),
      run('Trapped', 72, 634, true),
      run('name', 200, 634),
      run('Whether it is trapped (a | b)', 300, 634),
    ]);
    const second = page(2, [
      run('Key', 72, 720),
      run('Type', 200, 720),
      run('Meaning', 300, 720),
      run('Producer', 72, 708, true),
      run('text', 200, 708),
      run('The program that made the PDF', 300, 708),
      run('After the table the text goes on with a sentence.', 72, 670),
    ]);
    const { markdown, pages } = pdfBlocksToMarkdown(pdfBlocks([first, second]));
    const lines = markdown.split('\n');
    expect(lines).toEqual([
      'The keys of the information dictionary follow.',
      '',
      '| Key | Type | Meaning |',
      '| --- | --- | --- |',
      '| `PTEX.Fullbanner` | string | The banner of the program that wrote the file |',
      '| `Trapped` | name | Whether it is trapped (a \\| b) |',
      '| `Producer` | text | The program that made the PDF |',
      '',
      'After the table the text goes on with a sentence.',
      '',
    ]);
    // The row that went on overleaf is on page 2.
    expect(pages.find((span) => span.startLine <= 7 && 7 <= span.endLine)?.page).toBe(2);
  });

  it('leaves prose, a bulleted list and a formula with its number as they were', () => {
    const { markdown } = pdfBlocksToMarkdown(
      pdfBlocks([
        page(1, [
          run('•', 80, 700),
          run('Do the regional totals add up?', 100, 700),
          run('•', 80, 688),
          run('Is the partial week marked?', 100, 688),
          run('•', 80, 676),
          run('Does each empty panel say so?', 100, 676),
          run('E = mc2', 200, 640),
          run('(3.2)', 450, 640),
          run('A paragraph of text runs on for a while and ends.', 72, 610),
        ]),
      ]),
    );
    expect(markdown).not.toContain('|');
    expect(markdown).toContain('- Do the regional totals add up?');
  });
});
