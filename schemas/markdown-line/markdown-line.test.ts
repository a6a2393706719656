import { describe, expect, it } from 'vitest';
import { codeLines, plainOffsetOf, readMarkdownLine, sourceOffsetOf } from './markdown-line.ts';

/** The Markdown each plain character came from, as a string: a quick picture of the mapping. */
const origins = (source: string) => {
  const line = readMarkdownLine(source);
  return [...line.text].map((_, i) => source[sourceOffsetOf(line, i)]).join('');
};

describe('readMarkdownLine', () => {
  it('reads a link as its text and maps each character back to the Markdown', () => {
    const source = 'See [the integer](https://developer.mozilla.org/x) type';
    const line = readMarkdownLine(source);
    expect(line.text).toBe('See the integer type');
    expect(origins(source)).toBe(line.text);
    expect(sourceOffsetOf(line, 4)).toBe(source.indexOf('the'));
    expect(sourceOffsetOf(line, line.text.indexOf(' type'))).toBe(source.indexOf(' type'));
    expect(line.pieces.find((p) => p.marks.includes('link'))).toMatchObject({ text: 'the integer', href: 'https://developer.mozilla.org/x' });
  });

  it('reads code spans, emphasis, escapes and entities as the reader sees them', () => {
    const line = readMarkdownLine('Call `offset` with *care* and **force**, 2 \\* 3 &amp; ~~old~~');
    expect(line.text).toBe('Call offset with care and force, 2 * 3 & old');
    expect(line.pieces.find((p) => p.text === 'offset')?.kind).toBe('code');
    expect(line.pieces.find((p) => p.text === 'care')?.marks).toEqual(['emphasis']);
    expect(line.pieces.find((p) => p.text === 'force')?.marks).toEqual(['strong']);
    expect(line.pieces.find((p) => p.text === 'old')?.marks).toEqual(['delete']);
  });

  it('keeps text that would open a block on its own line as text', () => {
    expect(readMarkdownLine('1986. The year it began').text).toBe('1986. The year it began');
    expect(readMarkdownLine('    indented words').text).toBe('    indented words');
  });

  it('reads a table row as its cells, one tab between them, with code and pipes inside cells', () => {
    const source = '| `a|b` | [link](http://x) | **bold** \\| text |';
    const line = readMarkdownLine(source);
    expect(line.kind).toBe('table-row');
    expect(line.cells).toBe(3);
    expect(line.text).toBe('a|b\tlink\tbold | text');
    expect(line.pieces.filter((p) => p.kind === 'cell-break')).toHaveLength(2);
    expect(source[sourceOffsetOf(line, line.text.indexOf('link'))]).toBe('l');
    expect(readMarkdownLine('|---|:--:|').kind).toBe('table-rule');
    expect(readMarkdownLine('|---|:--:|').text).toBe('');
  });

  it('reads headings, quotes and bullets without their markers', () => {
    expect(readMarkdownLine('## 7.1 Some Font Design Issues ##')).toMatchObject({ kind: 'heading', level: 2, text: '7.1 Some Font Design Issues' });
    expect(readMarkdownLine('> > said *so*')).toMatchObject({ kind: 'quote', level: 2, text: 'said so' });
    expect(readMarkdownLine('  - an item')).toMatchObject({ kind: 'list', level: 1, text: 'an item' });
    expect(readMarkdownLine('---')).toMatchObject({ kind: 'rule', text: '' });
  });

  it('maps Markdown columns to plain offsets and back', () => {
    const source = 'a [bc](u) `d` e';
    const line = readMarkdownLine(source);
    expect(line.text).toBe('a bc d e');
    expect(plainOffsetOf(line, source.indexOf('bc'))).toBe(2);
    expect(plainOffsetOf(line, source.indexOf('d'))).toBe(5);
    // A column inside syntax maps to the next character the reader sees.
    expect(plainOffsetOf(line, source.indexOf('(u)'))).toBe(4);
    expect(plainOffsetOf(line, source.length)).toBe(line.text.length);
    for (let i = 0; i <= line.text.length; i++) expect(plainOffsetOf(line, sourceOffsetOf(line, i))).toBe(i);
  });

  it('shows code inside fences as written', () => {
    const lines = ['text', '```js', 'const *a* = [x](y);', '```', 'after *b*'];
    const { inCode, openFence } = codeLines(lines);
    expect(inCode).toEqual([false, false, true, false, false]);
    expect(openFence).toBeUndefined();
    expect(readMarkdownLine(lines[2]!, true)).toMatchObject({ kind: 'code', text: 'const *a* = [x](y);' });
    expect(readMarkdownLine(lines[1]!)).toMatchObject({ kind: 'fence', text: '', info: 'js' });
    expect(codeLines(['```', 'open']).openFence).toBe('```');
    expect(codeLines(['still code', '```'], '```').inCode).toEqual([true, false]);
  });
});
