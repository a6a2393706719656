import type { CitationAnchor, CitationRow } from '../store/citation-repository.ts';
import { QUOTE_CONTEXT_CHARS } from './quote-anchor.ts';
import type { TextSpan } from './version-text.ts';

/** The anchor a citation has now, as re-anchoring keeps it when its quote is gone. */
export function currentAnchor(c: CitationRow): Omit<CitationAnchor, 'status'> {
  return { version_id: c.version_id, source_sha256: c.source_sha256, start_line: c.start_line, end_line: c.end_line, quote: c.quote, prefix: c.prefix, suffix: c.suffix };
}

/** How many characters of the stored prefix and suffix agree with the text around the span. */
export function contextScore(text: string, span: TextSpan, c: CitationRow): number {
  const reach = QUOTE_CONTEXT_CHARS * 4;
  const before = squash(text.slice(Math.max(0, span.start - reach), span.start));
  const after = squash(text.slice(span.end, span.end + reach));
  return commonSuffixLength(squash(c.prefix), before) + commonPrefixLength(squash(c.suffix), after);
}

const squash = (text: string): string => text.replace(/\s+/g, ' ');

function commonPrefixLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

function commonSuffixLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}
