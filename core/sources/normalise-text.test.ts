import { describe, expect, it } from 'vitest';
import { normaliseText } from './normalise-text.ts';

const encode = (text: string) => new TextEncoder().encode(text);

describe('normaliseText', () => {
  it('keeps every line as it is, only normalising line endings', () => {
    const { markdown } = normaliseText(encode('  indented line\r\n# not meant as a heading\r\n\r\n\tlast'), 'notes.txt');
    expect(markdown).toBe('  indented line\n# not meant as a heading\n\n\tlast');
  });

  it('takes a short first line as the title', () => {
    expect(normaliseText(encode('\n\nInterview notes\nQ: …'), 'notes.txt').title).toBe('Interview notes');
    expect(normaliseText(encode(`${'word '.repeat(40)}\nmore`), 'long.txt').title).toBeNull();
  });

  it('reads a Markdown-marked first line as its words, and no words as no title', () => {
    const title = (firstLine: string) => normaliseText(encode(`${firstLine}\nbody`), 'notes.txt').title;
    expect(title('# C++ addons')).toBe('C++ addons');
    expect(title('## Release notes ##')).toBe('Release notes');
    expect(title('> **Quoted** _interview_ with `node --watch`')).toBe('Quoted interview with node --watch');
    expect(title('- [Node.js docs](https://nodejs.org/docs) index')).toBe('Node.js docs index');
    expect(title('1. Setup')).toBe('Setup');
    expect(title('snake_case_name and 2*3*4')).toBe('snake_case_name and 2*3*4');
    expect(title('#hashtag')).toBe('#hashtag');
    expect(title('#####')).toBeNull();
    expect(title('---')).toBeNull();
  });

  it('reads UTF-16 text with a byte-order mark', () => {
    const utf16 = new Uint8Array([0xff, 0xfe, 0x48, 0x00, 0x69, 0x00, 0x0a, 0x00]);
    expect(normaliseText(utf16, 'windows.txt').markdown).toBe('Hi\n');
  });
});
