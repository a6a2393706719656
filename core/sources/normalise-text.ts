import { decodeText } from './decode-text.ts';
import type { NormalisedSource } from './normalised-source.ts';

const MAX_TITLE_CHARS = 120;

/**
 * Plain text is kept as it is, line for line, so a citation's line numbers match what the
 * author sees in their editor; only the encoding and line endings are normalised. Its first
 * line, when short, is its title (text files rarely have a heading the outline would find),
 * read as a person would: without the Markdown markers many notes carry (`# C++ addons` is
 * titled "C++ addons"). A first line with no words left is no title: the file name is used.
 */
export function normaliseText(bytes: Uint8Array, name: string): NormalisedSource {
  const text = decodeText(bytes, name);
  return { title: plainTextTitle(text), markdown: text, pages: [] };
}

/** The title normaliseText finds in a text that starts with `opening` (the start of the text will do). */
export function plainTextTitle(opening: string): string | null {
  const firstLine = plainTitle(/^\s*(\S[^\n]*)/.exec(opening)?.[1] ?? '');
  return firstLine !== '' && firstLine.length <= MAX_TITLE_CHARS ? firstLine : null;
}

/** One line without its Markdown block markers (heading, quote, list) and inline ones (emphasis, code, links). */
function plainTitle(line: string): string {
  return line
    .replace(/^(?:\s*>)+\s*/, '')
    .replace(/^#{1,6}(?=\s|$)/, '')
    .replace(/\s#+\s*$/, '')
    .replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_](\S(?:.*?\S)?)[*_](?=$|[^\w*])/g, '$1$2')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/^[\s#>*_=~`-]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}
