import { extname } from 'node:path';
import type { SourceType } from '../../schemas/sources.ts';

/** File extensions import accepts, and the type each one means when the bytes do not say otherwise. */
export const SOURCE_EXTENSIONS: Readonly<Record<string, SourceType>> = {
  '.pdf': 'pdf',
  '.html': 'web',
  '.htm': 'web',
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.txt': 'text',
};

export const SUPPORTED_EXTENSIONS_TEXT = 'PDF (.pdf), HTML (.html, .htm), Markdown (.md, .markdown) or plain text (.txt)';

/**
 * The type of a file from its bytes first, then its name. Sniffing wins because downloads are
 * often misnamed (a web page saved as `.txt`, a PDF served as `.html`); a `.pdf` that is not a
 * PDF is still typed `pdf` so that the PDF reader can say precisely what is wrong with it.
 * Returns null for a name and content that are none of the supported types.
 */
export function detectSourceType(name: string, bytes: Uint8Array): SourceType | null {
  if (looksLikePdf(bytes)) return 'pdf';
  const byName = SOURCE_EXTENSIONS[extname(name).toLowerCase()] ?? null;
  if (byName === 'pdf' || byName === 'markdown') return byName;
  if (looksLikeHtml(bytes)) return 'web';
  return byName;
}

/** PDF readers accept the `%PDF-` header anywhere in the first kilobyte (some files have junk before it). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).includes('%PDF-');
}

function looksLikeHtml(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024))
    .toString('latin1')
    .replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html') || (head.startsWith('<!--') && /<html[\s>]/.test(head));
}
