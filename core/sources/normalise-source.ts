import type { SourceType } from '../../schemas/sources.ts';
import { countLines } from './line-index.ts';
import { markdownSections } from './markdown-sections.ts';
import type { IndexedSource, NormalisedSource } from './normalised-source.ts';
import { normaliseHtml } from './normalise-html.ts';
import { normaliseMarkdown } from './normalise-markdown.ts';
import { normalisePdf } from './normalise-pdf.ts';
import { normaliseText } from './normalise-text.ts';
import { plainTextSections } from './plain-text-sections.ts';
import { SourceImportError } from './source-errors.ts';

const NORMALISERS: Record<SourceType, (bytes: Uint8Array, name: string) => NormalisedSource | Promise<NormalisedSource>> = {
  pdf: normalisePdf,
  web: normaliseHtml,
  markdown: normaliseMarkdown,
  text: normaliseText,
};

/** One file's bytes → its line-numbered Markdown, line count and sections. Runs in a worker (normalise-worker.ts). */
export async function normaliseSource(type: SourceType, bytes: Uint8Array, name: string): Promise<IndexedSource> {
  const normalised = await NORMALISERS[type](bytes, name);
  const lineCount = countLines(normalised.markdown);
  if (lineCount === 0) {
    throw new SourceImportError(`${name} has no text to cite once scripts, styles and page chrome are removed; check that it is the document itself and not a page that loads it.`);
  }
  // Plain text is not Markdown: its outline comes from a one-pass scan, not a Markdown parser.
  const sections = type === 'text' ? plainTextSections(normalised.markdown, lineCount) : markdownSections(normalised.markdown, lineCount);
  return { ...normalised, lineCount, sections };
}
