import { describe, expect, it } from 'vitest';
import { countLines, lineAt, lineOfOffset, lineStartOffsets } from './line-index.ts';

describe('line numbering', () => {
  it('counts a final newline as the end of the last line, not a new empty one', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('a')).toBe(1);
    expect(countLines('a\n')).toBe(1);
    expect(countLines('a\nb')).toBe(2);
    expect(countLines('a\nb\n')).toBe(2);
    expect(countLines('\n\n')).toBe(2);
  });

  it('finds each line by its 1-based number, without its newline', () => {
    for (const text of ['one\n\nthree\n', 'one\n\nthree']) {
      const starts = lineStartOffsets(text);
      expect(starts.length).toBe(countLines(text));
      expect([1, 2, 3].map((n) => lineAt(text, starts, n))).toEqual(['one', '', 'three']);
      expect(lineAt(text, starts, 4)).toBe('');
    }
  });

  it('maps a character offset back to its line', () => {
    const text = 'ab\ncd\n\nef';
    const starts = lineStartOffsets(text);
    expect([0, 1, 2, 3, 5, 6, 7, 8].map((offset) => lineOfOffset(starts, offset))).toEqual([1, 1, 1, 2, 2, 3, 4, 4]);
  });
});
