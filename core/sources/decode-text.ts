import { isUtf8 } from 'node:buffer';
import { SourceImportError } from './source-errors.ts';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * Bytes of a text file (Markdown, plain text, HTML) as a string with "\n" line endings and no
 * BOM. UTF-8 unless the file says otherwise (`charset` for HTML) or is not valid UTF-8, in which
 * case it is read as Windows-1252, the usual encoding of older Western text files. Files with
 * NUL bytes are binary, not text, and are refused.
 */
export function decodeText(bytes: Uint8Array, name: string, declaredCharset?: string): string {
  checkTextBytes(bytes, name);
  return normaliseLineEndings(decodeBytes(bytes, declaredCharset));
}

/** The checks decodeText makes before decoding: not empty, not binary. Throws SourceImportError. */
export function checkTextBytes(bytes: Uint8Array, name: string): void {
  if (bytes.byteLength === 0) throw new SourceImportError(`${name} is empty (0 bytes); check that the file was saved completely and import it again.`);
  const probe = bytes.subarray(0, Math.min(bytes.byteLength, 8192));
  if (probe.includes(0) && !hasUtf16Bom(bytes)) {
    throw new SourceImportError(`${name} looks like a binary file, not text (it contains NUL bytes); import a PDF, HTML, Markdown or plain-text file.`);
  }
}

/** Bytes that decodeText would return unchanged as text: UTF-8 without a BOM and without carriage returns. */
export function isVerbatimUtf8(bytes: Uint8Array): boolean {
  if (bytes[0] === UTF8_BOM[0] && bytes[1] === UTF8_BOM[1] && bytes[2] === UTF8_BOM[2]) return false;
  return bytes.indexOf(0x0d) === -1 && isUtf8(bytes);
}

export function normaliseLineEndings(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

function hasUtf16Bom(bytes: Uint8Array): boolean {
  return (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
}

function decodeBytes(bytes: Uint8Array, declaredCharset: string | undefined): string {
  if (bytes[0] === UTF8_BOM[0] && bytes[1] === UTF8_BOM[1] && bytes[2] === UTF8_BOM[2]) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (declaredCharset && !/^utf-?8$/i.test(declaredCharset)) {
    try {
      return new TextDecoder(declaredCharset).decode(bytes);
    } catch {
      // An unknown label (a typo in <meta charset>) falls through to UTF-8 detection.
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
