import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { RpcClient } from '../../schemas/rpc.ts';

/** Documents already opened, by version id: paging through one fetches and parses it once. */
const opened = new Map<string, Promise<PDFDocumentProxy>>();

function bytesOf(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * The version's original PDF, parsed by pdf.js in a worker. pdf.js loads only when a page is first
 * opened, so the annotator's first paint does not pay for it.
 */
export function openOriginalPdf(client: RpcClient, sourceId: string, versionId: string): Promise<PDFDocumentProxy> {
  let doc = opened.get(versionId);
  if (!doc) {
    doc = (async () => {
      const [pdfjs, original] = await Promise.all([import('pdfjs-dist'), client.call('sources.original', { sourceId, versionId })]);
      if (original.type !== 'pdf') throw new Error(`${original.name} is not a PDF, so it has no pages to show.`);
      pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
      // No eval (our CSP forbids it) and system fonts for the PDF's standard fonts (nothing fetched).
      return pdfjs.getDocument({ data: bytesOf(original.base64), isEvalSupported: false, useSystemFonts: true }).promise;
    })();
    opened.set(versionId, doc);
    doc.catch(() => opened.delete(versionId));
  }
  return doc;
}

/** Lower case, one space between words, a line-end hyphen joined: how a quote and page text are compared. */
export function comparableText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[*_`#>]/g, '')
    .replace(/-\s+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a piece of the page's text is part of the quote (pieces too short to tell are not). */
export function pieceInQuote(piece: string, comparableQuote: string): boolean {
  const text = comparableText(piece);
  return text.length >= 4 && comparableQuote.includes(text);
}
