import { describe, expect, it } from 'vitest';
import { LooseText, nearestPassage } from './loose-quote-match.ts';

describe('LooseText', () => {
  it('matches across whitespace and hyphens, spanning the original characters', () => {
    const text = 'the appropriate\nPostScript driver';
    expect(new LooseText(text).find('appro- priate Post-\nScript')).toEqual([{ start: 4, end: 26 }]);
    expect(new LooseText(text).find('apropriate')).toEqual([]);
  });
});

describe('nearestPassage', () => {
  it('names the passage sharing most of the quote’s words in order, even with a word changed', () => {
    const text = 'Intro words here. Round to one decimal in every chart. Other words.';
    const passage = nearestPassage(text, 'round to whole percent in every chart')!;
    expect(text.slice(passage.start, passage.end)).toBe('Round to one decimal in every chart');
    expect(passage.similarity).toBeCloseTo(5 / 7, 5);
  });

  it('names nothing when under a third of the words are there', () => {
    expect(nearestPassage('Metrics come from TFM files.', 'Kerning tables live in the AFM file')).toBeUndefined();
  });
});
