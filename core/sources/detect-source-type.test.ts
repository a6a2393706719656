import { describe, expect, it } from 'vitest';
import { detectSourceType } from './detect-source-type.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('detectSourceType', () => {
  it('goes by the extension for ordinary files', () => {
    expect(detectSourceType('brief.md', bytes('# Brief'))).toBe('markdown');
    expect(detectSourceType('brief.MARKDOWN', bytes('# Brief'))).toBe('markdown');
    expect(detectSourceType('notes.txt', bytes('notes'))).toBe('text');
    expect(detectSourceType('page.htm', bytes('<p>hi</p>'))).toBe('web');
    expect(detectSourceType('report.pdf', bytes('%PDF-1.7\n'))).toBe('pdf');
  });

  it('trusts the bytes over a misleading name', () => {
    expect(detectSourceType('saved-page.txt', bytes('<!DOCTYPE html><html><body>x</body></html>'))).toBe('web');
    expect(detectSourceType('saved-page.txt', bytes('\uFEFF  <html lang="en">'))).toBe('web');
    expect(detectSourceType('report.html', bytes('%PDF-1.4\n%âãÏÓ'))).toBe('pdf');
    expect(detectSourceType('report', bytes('junk before the header %PDF-1.4'))).toBe('pdf');
  });

  it('keeps a .pdf that is not a PDF typed as pdf, so the PDF reader can say what is wrong', () => {
    expect(detectSourceType('broken.pdf', bytes('hello'))).toBe('pdf');
  });

  it('returns null for anything else', () => {
    expect(detectSourceType('logo.png', bytes('\x89PNG'))).toBeNull();
    expect(detectSourceType('README', bytes('plain words'))).toBeNull();
  });
});
