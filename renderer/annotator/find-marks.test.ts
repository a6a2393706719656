import { describe, expect, it } from 'vitest';
import { matchOffsetsOnLine, splitAtMatches } from './find-marks.ts';

describe('find marks', () => {
  it('finds the 0-based offsets of the (1-based) matches on one line', () => {
    const matches = [
      { line: 2, column: 0 },
      { line: 5, column: 3 },
      { line: 5, column: 9 },
      { line: 8, column: 1 },
    ];
    expect(matchOffsetsOnLine(matches, 5)).toEqual([2, 8]);
    expect(matchOffsetsOnLine(matches, 6)).toEqual([]);
    expect(matchOffsetsOnLine([], 1)).toEqual([]);
  });

  it('splits a line into pieces that join back to it, marking the current match', () => {
    const pieces = splitAtMatches('the cat sat on the mat', [4, 19], 3, 19);
    expect(pieces.map((p) => p.text).join('')).toBe('the cat sat on the mat');
    expect(pieces.filter((p) => p.marked).map((p) => [p.text, p.current])).toEqual([
      ['cat', false],
      ['mat', true],
    ]);
  });

  it('clips overlapping and out-of-range matches', () => {
    expect(splitAtMatches('aaaa', [0, 1, 10], 2).map((p) => p.text)).toEqual(['aa', 'a', 'a']);
    expect(splitAtMatches('', [0], 2)).toEqual([{ text: '', marked: false, current: false }]);
  });
});
