import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codeLines, readMarkdownLine } from '../../schemas/markdown-line/markdown-line.ts';
import { likelyLines, plainTextOf } from './plain-version-text.ts';

const TRICKY = [
  '   leading spaces kept',
  'tab\tinside and trailing  ',
  '1986. The year the format settled',
  '1) not a list here',
  '    indented four',
  'See https://ctan.org/pkg/fontinst. Then www.example.com too.',
  '- a bullet',
  '+ another',
  '---',
  'a = b + c, 3 - 2',
  'Setext ===',
  '',
  'An [x](y) link and *emphasis*',
];

describe('plainTextOf', () => {
  it('gives exactly the viewer’s plain text for every line, parsed or not', () => {
    const lines = [...readFileSync(new URL('../../README.md', import.meta.url), 'utf8').split('\n').slice(0, 200), ...TRICKY];
    const { inCode } = codeLines(lines);
    const differ = lines.filter((line, i) => plainTextOf(line, inCode[i]!) !== readMarkdownLine(line, inCode[i]).text);
    expect(differ).toEqual([]);
  });
});

describe('likelyLines', () => {
  it('marks lines holding the quote’s longest words and the lines around them', () => {
    const lines = ['one', 'two', 'the typesetting system', 'four', 'five', 'six'];
    expect(likelyLines(lines, 'typesetting system of', 1)).toEqual([false, true, true, true, false, false]);
    expect(likelyLines(lines, '1 2', 1)).toBeNull();
  });
});
