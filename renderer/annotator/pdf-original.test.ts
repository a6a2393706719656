import { describe, expect, it } from 'vitest';
import { comparableText, pieceInQuote } from './pdf-original.ts';

describe('matching a quote against a PDF page', () => {
  const quote = comparableText('The weekly trend rendered quickly and marked the cur-\nrent week as **partial**, as the brief asks.');

  it('compares without case, Markdown emphasis, line breaks or a line-end hyphen', () => {
    expect(quote).toBe('the weekly trend rendered quickly and marked the current week as partial, as the brief asks.');
  });

  it('marks the page pieces that are part of the quote and not short or foreign ones', () => {
    expect(pieceInQuote('The weekly trend rendered quickly', quote)).toBe(true);
    expect(pieceInQuote('  and MARKED the  ', quote)).toBe(true);
    expect(pieceInQuote('the', quote)).toBe(false);
    expect(pieceInQuote('Regional breakdown', quote)).toBe(false);
    expect(pieceInQuote('current week as partial, as the brief', quote)).toBe(true);
  });
});
