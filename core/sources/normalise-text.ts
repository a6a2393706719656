import { decodeText } from './decode-text.ts';
import type { NormalisedSource } from './normalised-source.ts';

const MAX_TITLE_CHARS = 120;

/**
 * Plain text is kept as it is, line for line, so a citation's line numbers match what the
 * author sees in their editor; only the encoding and line endings are normalised. Its first
 * line, when short, is its title (text files rarely have a heading the outline would find).
 */
export function normaliseText(bytes: Uint8Array, name: string): NormalisedSource {
  const text = decodeText(bytes, name);
  const firstLine = /^\s*(\S[^\n]*)/.exec(text)?.[1]?.trim() ?? '';
  return { title: firstLine !== '' && firstLine.length <= MAX_TITLE_CHARS ? firstLine : null, markdown: text, pages: [] };
}
