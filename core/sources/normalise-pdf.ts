import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import type { PageSpan } from '../../schemas/sources.ts';
import { looksLikePdf } from './detect-source-type.ts';
import { loadPdfJs } from './load-pdfjs.ts';
import type { NormalisedSource } from './normalised-source.ts';
import { pdfBlocks } from './pdf-blocks.ts';
import { checkPdfInflateBudget } from './pdf-inflate-budget.ts';
import { pdfBlocksToMarkdown } from './pdf-markdown.ts';
import { readPdfOutline } from './pdf-outline.ts';
import { observePage, pageDoubts, type PageObservation } from './pdf-page-doubts.ts';
import type { PdfPageLines } from './pdf-page-furniture.ts';
import { groupRunsIntoLines, type PdfTextRun } from './pdf-text-lines.ts';
import { SourceImportError } from './source-errors.ts';

/**
 * A PDF's text layer as Markdown: lines in reading order, paragraphs joined, hyphenation
 * repaired, headings from the PDF's own outline when it has one, else inferred from type size
 * and face (pdf-blocks.ts), each page's lines recorded, and what extraction found doubtful
 * (pdf-page-doubts.ts, pdf-heading-evidence.ts) listed by line. pdf.js runs with everything but text extraction off: no eval, no font loading, no
 * system fonts, no network. A file pdf.js cannot read (damaged, truncated, encrypted, not a
 * PDF, no text) becomes a SourceImportError that names the file and says what to do.
 */
export async function normalisePdf(bytes: Uint8Array, name: string): Promise<NormalisedSource> {
  checkEnvelope(bytes, name);
  await checkPdfInflateBudget(bytes, name);
  const document = await openPdf(bytes, name);
  try {
    const pages: PdfPageLines[] = [];
    const observations: PageObservation[] = [];
    for (let number = 1; number <= document.numPages; number++) pages.push(await readPage(document, number, name, observations));
    const { markdown, pages: unlabelled, doubts } = pdfBlocksToMarkdown(pdfBlocks(pages, await readPdfOutline(document)));
    const spans = withPageLabels(unlabelled, await pageLabels(document));
    if (markdown === '') {
      throw new SourceImportError(`${name} has no text layer (its ${document.numPages} page${document.numPages === 1 ? ' is' : 's are'} images, probably scanned); run OCR on it (e.g. ocrmypdf) and import the result.`);
    }
    const allDoubts = [...doubts, ...pageDoubts(observations, spans, markdown)].sort((a, b) => a.line - b.line);
    return { title: await metadataTitle(document), markdown, pages: spans, doubts: allDoubts };
  } finally {
    await document.destroy();
  }
}

/** Checks pdf.js would paper over: it "repairs" a cut-off file and silently loses its end. */
function checkEnvelope(bytes: Uint8Array, name: string): void {
  if (bytes.byteLength === 0) throw new SourceImportError(`${name} is empty (0 bytes); check that the file was saved or downloaded completely and import it again.`);
  if (!looksLikePdf(bytes)) {
    throw new SourceImportError(`${name} is not a PDF (it does not start with "%PDF-"); if it is another kind of document, export it as PDF or save it with its proper extension.`);
  }
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset + Math.max(0, bytes.byteLength - 2048), Math.min(bytes.byteLength, 2048));
  if (!tail.includes('%%EOF')) {
    throw new SourceImportError(`${name} is a truncated PDF (its end-of-file marker is missing, so pages may be lost); download or export it again and import the complete file.`);
  }
}

async function openPdf(bytes: Uint8Array, name: string): Promise<PDFDocumentProxy> {
  const { getDocument } = await loadPdfJs();
  const task = getDocument({
    // pdf.js takes ownership of (and may detach) the buffer it is given: hand it a copy.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    enableXfa: false,
    stopAtErrors: false,
    // Errors only: warnings about fonts we chose not to load would flood the terminal.
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw describePdfError(error, name);
  }
}

function describePdfError(error: unknown, name: string): SourceImportError {
  const kind = (error as { name?: string } | null)?.name;
  const message = error instanceof Error ? error.message : String(error);
  if (kind === 'PasswordException') {
    return new SourceImportError(`${name} is encrypted and needs a password to open; export an unencrypted copy (e.g. "Print to PDF" or qpdf --decrypt) and import that.`);
  }
  if (kind === 'InvalidPDFException') {
    return new SourceImportError(`${name} is damaged: its PDF structure could not be read (${message}); open it in a PDF reader, save or export a fresh copy, and import that.`);
  }
  return new SourceImportError(`${name} could not be read as a PDF (${message}); open it in a PDF reader, save or export a fresh copy, and import that.`);
}

async function readPage(document: PDFDocumentProxy, number: number, name: string, observations: PageObservation[]): Promise<PdfPageLines> {
  try {
    const page = await document.getPage(number);
    const [, bottom, , top] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const runs: PdfTextRun[] = [];
    for (const item of content.items) {
      if (!('str' in item)) continue;
      const run = toRun(item, content.styles[item.fontName]?.fontFamily === 'monospace');
      if (run) runs.push(run);
    }
    page.cleanup();
    observations.push(observePage(number, runs));
    return { page: number, lines: groupRunsIntoLines(runs), top, bottom };
  } catch (error) {
    throw new SourceImportError(`${name} is damaged on page ${number} of ${document.numPages} (${error instanceof Error ? error.message : String(error)}); open it in a PDF reader, save or export a fresh copy, and import that.`);
  }
}

function toRun(item: TextItem, monospace: boolean): PdfTextRun | undefined {
  if (item.str === '') return undefined;
  const [a, b, c, d, x, y] = item.transform as [number, number, number, number, number, number];
  // Horizontal text: size is the vertical scale. Rotated text keeps its own baseline via y.
  const size = Math.hypot(c, d) || Math.hypot(a, b) || item.height;
  return { text: item.str, x, y, width: item.width, size, font: item.fontName, monospace };
}

/** The PDF's own page labels (its /PageLabels: "i", "ii", then "1"…), or null when it has none or they cannot be read. */
async function pageLabels(document: PDFDocumentProxy): Promise<(string | null)[] | null> {
  try {
    return await document.getPageLabels();
  } catch {
    return null;
  }
}

/** Each span with its page's printed label, where the PDF gives a non-empty one. */
export function withPageLabels(spans: PageSpan[], labels: (string | null)[] | null): PageSpan[] {
  if (!labels) return spans;
  return spans.map((span) => {
    const label = labels[span.page - 1]?.trim();
    return label ? { ...span, label } : span;
  });
}

async function metadataTitle(document: PDFDocumentProxy): Promise<string | null> {
  const { info } = await document.getMetadata().catch(() => ({ info: {} }));
  const title = typeof (info as { Title?: unknown }).Title === 'string' ? (info as { Title: string }).Title.replace(/\s+/g, ' ').trim() : '';
  // Producers often store a file name or a placeholder here; the first heading is better then.
  if (title === '' || /^untitled\b/i.test(title) || /\.\w{2,4}$/.test(title)) return null;
  return title;
}
