import { describe, expect, it } from 'vitest';
import { collapseWhitespace, VersionText } from './version-text.ts';

describe('VersionText', () => {
  const text = new VersionText(['alpha beta', '  gamma\tdelta', '', 'alpha beta'], 10);

  it('maps offsets and lines both ways, numbering from firstLine', () => {
    expect(text.lastLine).toBe(13);
    expect(text.startOf(11)).toBe(11);
    expect(text.endOf(11)).toBe(24);
    expect(text.lineAt(0)).toBe(10);
    expect(text.lineAt(10)).toBe(10); // the "\n" ending line 10
    expect(text.lineAt(11)).toBe(11);
    expect(text.lineAt(text.text.length - 1)).toBe(13);
  });

  it('finds every exact occurrence, optionally inside a span', () => {
    expect(text.findQuote('alpha beta')).toEqual([
      { start: 0, end: 10 },
      { start: 26, end: 36 },
    ]);
    expect(text.findQuote('alpha beta', { start: 1, end: text.text.length })).toEqual([{ start: 26, end: 36 }]);
  });

  it('falls back to whitespace-collapsed matching and maps the match back to the original text', () => {
    const [span] = text.findQuote('beta gamma delta');
    expect(span).toBeDefined();
    expect(text.text.slice(span?.start, span?.end)).toBe('beta\n  gamma\tdelta');
    expect(text.findQuote('beta  gamma', { start: 0, end: 5 })).toEqual([]);
    expect(text.findQuote('not there')).toEqual([]);
    expect(text.findQuote('   ')).toEqual([]);
  });

  it('collapses whitespace runs, including non-breaking spaces, and trims', () => {
    expect(collapseWhitespace('  a\u00a0\u00a0b\n\tc  ')).toBe('a b c');
  });
});
