import { describe, expect, it } from 'vitest';
import { CHOICE_WORDS, pValueText, progressText, readPositionBias, secondsText } from './vote-words.ts';

describe('vote words', () => {
  it('says choices, progress, time and order the way the list shows them', () => {
    expect(CHOICE_WORDS.left).toBe('Preferred left');
    expect(CHOICE_WORDS['both-bad']).toBe('Both bad');
    expect(progressText({ done: 12, total: 40 })).toBe('12 of 40 pairs');
    expect(progressText({ done: 0, total: 1 })).toBe('0 of 1 pair');
    expect(secondsText(12_345)).toBe('12.3 s');
    expect(secondsText(800)).toBe('0.8 s');
    expect(secondsText(75_400)).toBe('75 s');
  });

  it('writes p-values as people read them', () => {
    expect(pValueText(0.0004)).toBe('p < 0.001');
    expect(pValueText(0.04213)).toBe('p = 0.042');
    expect(pValueText(0.6718)).toBe('p = 0.67');
    expect(pValueText(1)).toBe('p = 1.00');
  });

  it('reads position bias in plain words at the 0.05 line', () => {
    const none = readPositionBias({ left: 27, right: 23, tie: 4, bothBad: 1, leftRate: 0.54, pValue: 0.6718 });
    expect(none.rate).toBe('Left chosen in 54% of 50 left-or-right choices');
    expect(none.p).toBe('p = 0.67');
    expect(none.verdict).toMatch(/^No sign of position bias/);

    const leftBias = readPositionBias({ left: 40, right: 10, tie: 0, bothBad: 0, leftRate: 0.8, pValue: 0.000022 });
    expect(leftBias.verdict).toMatch(/^Possible position bias: voters pick the left side/);
    const rightBias = readPositionBias({ left: 3, right: 17, tie: 0, bothBad: 0, leftRate: 0.15, pValue: 0.0026 });
    expect(rightBias.verdict).toMatch(/right side/);
    // Exactly at the line counts as no sign.
    expect(readPositionBias({ left: 1, right: 0, tie: 0, bothBad: 0, leftRate: 1, pValue: 0.05 }).verdict).toMatch(/^No sign/);
  });

  it('says so before there is anything to read', () => {
    const empty = readPositionBias({ left: 0, right: 0, tie: 3, bothBad: 1, leftRate: null, pValue: null });
    expect(empty.rate).toBe('No left-or-right choices yet');
    expect(empty.p).toBe('');
  });
});
