import type { PageBreak } from './pdf-blocks.ts';

/**
 * Rewrites a block's text match by match, keeping its page breaks on the same characters: a
 * break after a replaced stretch moves by the change in length before it.
 */
export function rewriteBlockText(text: string, breaks: PageBreak[] | undefined, pattern: RegExp, replace: (match: RegExpExecArray) => string): { text: string; pageBreaks: PageBreak[] | undefined } {
  const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  const edits: { at: number; length: number; value: string }[] = [];
  for (let match = global.exec(text); match !== null; match = global.exec(text)) {
    edits.push({ at: match.index, length: match[0].length, value: replace(match) });
    if (match[0].length === 0) global.lastIndex++;
  }
  if (edits.length === 0) return { text, pageBreaks: breaks };
  let out = '';
  let cursor = 0;
  for (const edit of edits) {
    out += text.slice(cursor, edit.at) + edit.value;
    cursor = edit.at + edit.length;
  }
  out += text.slice(cursor);
  const shift = (at: number) => edits.reduce((sum, edit) => (edit.at + edit.length <= at ? sum + edit.value.length - edit.length : sum), 0);
  return { text: out, pageBreaks: breaks?.map((pageBreak) => ({ ...pageBreak, at: pageBreak.at + shift(pageBreak.at) })) };
}
