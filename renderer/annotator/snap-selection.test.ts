import { describe, expect, it } from 'vitest';
import { snapSelection } from './snap-selection.ts';

const LINES = ['Once the import is done, you can now include the new sources.', 'Citations keep their quotes.', 'Short.'];
const textOf = (line: number) => LINES[line - 1];
const quote = (startLine: number, startOffset: number, endLine: number, endOffset: number) => {
  const snapped = snapSelection({ startLine, startOffset, endLine, endOffset }, textOf);
  const parts: string[] = [];
  for (let line = snapped.startLine; line <= snapped.endLine; line++) {
    const text = textOf(line)!;
    parts.push(text.slice(line === snapped.startLine ? snapped.startOffset : 0, line === snapped.endLine ? snapped.endOffset : text.length));
  }
  return parts.join('\n');
};

describe('snapSelection', () => {
  it('widens a drag that stops inside a word to the whole word, at both ends', () => {
    const line = LINES[0]!;
    const start = line.indexOf('you') + 1; // "ou can…"
    const end = line.indexOf('include') + 3; // "…inc"
    expect(quote(1, start, 1, end)).toBe('you can now include');
  });

  it('leaves a selection that already ends at word boundaries as it is', () => {
    const line = LINES[0]!;
    expect(quote(1, line.indexOf('you'), 1, line.indexOf(' the new'))).toBe('you can now include');
  });

  it('extends only to word boundaries, never to the whole line, however much of it is selected', () => {
    const line = LINES[0]!;
    // "nce the import … new sourc" is most of the line: the quote is still only its words.
    expect(quote(1, 1, 1, line.length - 3)).toBe(line.slice(0, -1));
    expect(quote(1, 'Once the '.length, 2, 'Citations keep their quot'.length)).toBe(`${line.slice('Once the '.length)}\nCitations keep their quotes`);
  });

  it('keeps punctuation and spaces outside the words as selected', () => {
    expect(quote(1, 'Once the import is done'.length, 1, 'Once the import is done, you'.length)).toBe(', you');
  });

  it('does not take the whole line for a short part of it', () => {
    expect(quote(2, 'Citations '.length, 2, 'Citations keep'.length)).toBe('keep');
  });
});
