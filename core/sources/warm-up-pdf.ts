import { deflateSync } from 'node:zlib';

const WORDS = 'the reviewer found each chapter cites its source lines and the table of totals by region shows a partial week of orders shipped in transit'.split(' ');

/**
 * A small PDF written here, in memory, for a normalise worker to read once before any user file
 * (warm-normalise-workers.ts): pages of a bold heading and hyphenated body text in the standard
 * fonts, their content streams deflated, so that the code a real import runs most (pdf.js's
 * parser, inflating, text extraction, our lines, blocks and Markdown) is compiled and optimised
 * by V8 before the first file arrives. A fresh worker read its first 20-page file about four
 * times slower than its tenth.
 */
export function warmUpPdf(pages = 8): Uint8Array {
  const objects: (string | Buffer)[] = [];
  const add = (body: string | Buffer) => objects.push(body) + 2;
  // Object 1 is the catalog, 2 the page tree: written last, once the pages' numbers are known.
  const regular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  let word = 0;
  for (let page = 1; page <= pages; page++) {
    const lines = [`BT /F2 16 Tf 72 720 Td (Section ${page}: findings on the ${WORDS[page % WORDS.length]}) Tj ET`];
    for (let line = 0; line < 40; line++) {
      const text = Array.from({ length: 12 }, () => WORDS[word++ % WORDS.length]).join(' ');
      const shown = line % 7 === 6 ? `${text} evalu-` : line % 7 === 0 && line > 0 ? `ation ${text}.` : text;
      lines.push(`BT /F1 10 Tf 72 ${690 - line * 14 - (line >= 20 ? 8 : 0)} Td (${shown}) Tj ET`);
    }
    const content = deflateSync(Buffer.from(lines.join('\n'), 'latin1'));
    const stream = add(Buffer.concat([Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`), content, Buffer.from('\nendstream')]));
    kids.push(add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${stream} 0 R >>`));
  }
  const all = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids.map((n) => `${n} 0 R`).join(' ')}] /Count ${kids.length} >>`, ...objects];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  let at = parts[0]!.length;
  const offsets: number[] = [];
  all.forEach((body, index) => {
    offsets.push(at);
    const bytes = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), Buffer.from(body as string | Buffer), Buffer.from('\nendobj\n')]);
    parts.push(bytes);
    at += bytes.length;
  });
  const xref = [`xref\n0 ${all.length + 1}\n0000000000 65535 f \n`, ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${all.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}
