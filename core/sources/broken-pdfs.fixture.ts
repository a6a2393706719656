// Malformed "PDFs" for tests: each one a way a real download or export goes wrong.
import { randomBytes } from 'node:crypto';

/** A minimal PDF assembled by hand with a correct cross-reference table; `trailerExtra` goes into the trailer. */
export function handWrittenPdf(objects: string[], trailerExtra = ''): Uint8Array {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const PAGE_OBJECTS = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
  '<< /Length 44 >>\nstream\nBT /F1 12 Tf 72 720 Td (Secret text) Tj ET\nendstream',
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
];

/**
 * Encrypted with the standard security handler and a user password that is not empty, so a
 * reader must ask for it. The /O and /U entries are arbitrary: no password opens this file.
 */
export function encryptedPdf(): Uint8Array {
  const hex = (n: number, seed: number) => Array.from({ length: n }, (_, i) => ((i * 37 + seed) % 256).toString(16).padStart(2, '0')).join('');
  const encrypt = `<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O <${hex(32, 11)}> /U <${hex(32, 97)}> >>`;
  return handWrittenPdf([...PAGE_OBJECTS, encrypt], `/Encrypt 6 0 R /ID [<${hex(16, 5)}> <${hex(16, 5)}>] `);
}

/** A valid one-page PDF by hand, for tests that need a PDF without pdf-lib. */
export function tinyPdf(): Uint8Array {
  return handWrittenPdf(PAGE_OBJECTS);
}

/** The first half of a real PDF, as an interrupted download leaves it. */
export function truncated(pdf: Uint8Array): Uint8Array {
  return pdf.subarray(0, Math.floor(pdf.byteLength / 2));
}

/** Random bytes under a .pdf name. */
export function randomNotPdf(size = 4096): Uint8Array {
  const bytes = randomBytes(size);
  bytes[0] = 0x00; // never "%PDF-" by chance
  return bytes;
}

/** Starts like a PDF and ends like one, with noise between: a file damaged on disk. */
export function garbledPdf(size = 4096): Uint8Array {
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size), Buffer.from('\n%%EOF\n')]);
}
