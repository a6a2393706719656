import { decodeText } from './decode-text.ts';
import type { NormalisedSource } from './normalised-source.ts';

/** Markdown is kept as written: only the encoding (UTF-8, no BOM) and line endings ("\n") change. */
export function normaliseMarkdown(bytes: Uint8Array, name: string): NormalisedSource {
  return { title: null, markdown: decodeText(bytes, name), pages: [] };
}
