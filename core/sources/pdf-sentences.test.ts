import { describe, expect, it } from 'vitest';
import { escapeLineStart } from './pdf-markdown.ts';
import { splitSentences } from './pdf-sentences.ts';

describe('splitSentences', () => {
  it('ends sentences at . ! ? before a capital, a digit or an opening quote', () => {
    expect(splitSentences('This is one. Is this two? Yes! "Quoted." 42 people came.')).toEqual(['This is one.', 'Is this two?', 'Yes!', '"Quoted."', '42 people came.']);
  });

  it('does not end one after an abbreviation, an initial, a decimal or a sentence number', () => {
    expect(splitSentences('See Fig. 3 and Dr. Smith, e.g. Mr. Jones. J. R. R. Tolkien paid $3.50 for v1.2.3 today.')).toEqual([
      'See Fig. 3 and Dr. Smith, e.g. Mr. Jones.',
      'J. R. R. Tolkien paid $3.50 for v1.2.3 today.',
    ]);
    expect(splitSentences('Steps follow. 2. Open the file.')).toEqual(['Steps follow.', '2. Open the file.']);
  });

  it('gives back the text when joined with spaces, and keeps text without an end whole', () => {
    const text = 'First (a note). Second one ends here. and this continues';
    expect(splitSentences(text).join(' ')).toBe(text);
    expect(splitSentences('no end at all')).toEqual(['no end at all']);
  });
});

describe('escapeLineStart', () => {
  it('escapes what would start Markdown structure on a line of its own, and nothing else', () => {
    expect(['# of orders', '- item', '+ more', '> quote', '12. Twelve', '3) three', '===', '---', '```x', '<!-- c'].map(escapeLineStart)).toEqual([
      '\\# of orders',
      '\\- item',
      '\\+ more',
      '\\> quote',
      '12\\. Twelve',
      '3\\) three',
      '\\===',
      '\\---',
      '\\```x',
      '\\<!-- c',
    ]);
    expect(['Plain text.', '2023 was a year.', '-5 degrees', '#hashtag'].map(escapeLineStart)).toEqual(['Plain text.', '2023 was a year.', '-5 degrees', '#hashtag']);
  });
});
