import type { SourceType } from '../../schemas/sources.ts';
import { countLines } from './line-index.ts';
import { markdownSections } from './markdown-sections.ts';
import type { IndexedSource, NormalisedSource } from './normalised-source.ts';
import { normaliseMarkdown } from './normalise-markdown.ts';
import { normalisePdf } from './normalise-pdf.ts';
import { normaliseText } from './normalise-text.ts';
import { plainTextSections } from './plain-text-sections.ts';
import { SourceImportError } from './source-errors.ts';

const NORMALISERS: Record<SourceType, (bytes: Uint8Array, name: string) => NormalisedSource | Promise<NormalisedSource>> = {
  pdf: normalisePdf,
  // The HTML reader and its unified family take as long to load as pdf.js's own parser: a
  // worker loads them when its first web page comes, so one that only reads PDFs starts sooner.
  web: async (bytes, name) => (await import('./normalise-html.ts')).normaliseHtml(bytes, name),
  markdown: normaliseMarkdown,
  text: normaliseText,
};

/** One file's bytes → its line-numbered Markdown, line count and sections. Runs in a worker (normalise-worker.ts). */
export async function normaliseSource(type: SourceType, bytes: Uint8Array, name: string): Promise<IndexedSource> {
  let normalised: NormalisedSource;
  try {
    normalised = await NORMALISERS[type](bytes, name);
  } catch (error) {
    // The parsers walk the document tree by recursion: a file nesting deeper than the stack allows is refused in words.
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw new SourceImportError(
        `${name} nests its content too deeply to convert (elements or blocks inside one another thousands of levels deep, which no real document does), so it was not imported. Save it from the program that made it again, or export it as PDF, and import that.`,
      );
    }
    throw error;
  }
  const lineCount = countLines(normalised.markdown);
  if (lineCount === 0) {
    throw new SourceImportError(`${name} has no text to cite once scripts, styles and page chrome are removed; check that it is the document itself and not a page that loads it.`);
  }
  // Plain text is not Markdown: its outline comes from a one-pass scan, not a Markdown parser.
  const sections = type === 'text' ? plainTextSections(normalised.markdown, lineCount) : await markdownSections(normalised.markdown, lineCount);
  return { ...normalised, lineCount, sections };
}
