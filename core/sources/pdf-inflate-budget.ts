import { createInflate, inflateSync } from 'node:zlib';
import { SourceImportError } from './source-errors.ts';

/**
 * How much a PDF's Flate streams (page content, fonts, everything but images) may inflate to in
 * all. A long book's text layer is tens of megabytes; pdf.js holds a stream whole while it reads
 * it, and more than twice that as it grows its buffer, so a compression bomb (1 MB that inflates
 * to gigabytes) would take the machine's memory before any text came out.
 */
export const PDF_INFLATE_BUDGET_BYTES = 256 * 1024 ** 2;

/**
 * Streams that inflate to at most this much are inflated in one call: a page's content or a
 * font is a few kilobytes, and a stream object per page cost more than the inflating itself.
 */
const ONE_CALL_BYTES = 1024 ** 2;

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

/**
 * Refuses a PDF whose Flate streams inflate past PDF_INFLATE_BUDGET_BYTES, counting a chunk at a
 * time (nothing inflated is kept). Image streams are left out: text extraction never decodes them.
 * A stream that does not inflate (damaged, encrypted) counts what it gave; pdf.js then says what
 * is wrong with it.
 */
export async function checkPdfInflateBudget(bytes: Uint8Array, name: string, budget = PDF_INFLATE_BUDGET_BYTES): Promise<void> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (let at = buffer.indexOf(STREAM); at !== -1; at = buffer.indexOf(STREAM, at + 1)) {
    // "endstream" contains "stream": only a keyword that starts a stream (after its dictionary's ">>").
    if (at >= 3 && buffer.subarray(at - 3, at).toString('latin1') === 'end') continue;
    const dictionary = buffer.subarray(Math.max(0, buffer.lastIndexOf('<<', at)), at).toString('latin1');
    let start = at + STREAM.length;
    if (buffer[start] === 0x0d) start += 1;
    if (buffer[start] === 0x0a) start += 1;
    const end = buffer.indexOf(END_STREAM, start);
    if (end === -1) break;
    at = end;
    if (!/\/FlateDecode\b/.test(dictionary) || /\/Subtype\s*\/Image\b/.test(dictionary)) continue;
    total += await inflatedSize(buffer.subarray(start, end), budget - total + 1);
    if (total > budget) {
      throw new SourceImportError(
        `${name}: its compressed streams inflate to more than ${budget / 1024 ** 2} MB of page content, far more than any document's text needs (a "compression bomb"), so it was not read. If it is a real document, print it to a new PDF and import that.`,
      );
    }
  }
}

/** The bytes a Flate stream inflates to, counted up to `limit` (then it stops). */
async function inflatedSize(compressed: Buffer, limit: number): Promise<number> {
  try {
    return inflateSync(compressed, { maxOutputLength: Math.min(limit, ONE_CALL_BYTES) }).byteLength;
  } catch {
    // Larger than one call may hold, or damaged: count it a chunk at a time, as far as it goes.
    return inflatedSizeInChunks(compressed, limit);
  }
}

function inflatedSizeInChunks(compressed: Buffer, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let size = 0;
    const done = () => resolve(size);
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflate.removeAllListeners('data');
        inflate.destroy();
        done();
      }
    });
    inflate.on('end', done);
    inflate.on('close', done);
    inflate.on('error', done);
    inflate.end(compressed);
  });
}
