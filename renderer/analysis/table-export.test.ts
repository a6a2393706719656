import { describe, expect, it } from 'vitest';
import { formatKappa } from '../../schemas/format-number.ts';
import { markdownCell } from '../../schemas/table-markdown.ts';
import { csvField, tableToCsv, tableToMarkdown } from './table-export.ts';
import type { TableView } from './table-view.ts';

const table: TableView = {
  id: 'example',
  caption: 'Judges | agreement',
  columns: [{ label: 'Judge' }, { label: 'κ' }, { label: 'Note' }],
  rows: [
    [{ text: 'gpt, "mini"' }, { ...formatKappa(0.61234), raw: 0.61234 }, { text: 'line one\nline two' }],
    [{ text: 'a|b' }, { ...formatKappa(null), raw: null }, { text: 'x', best: true }],
  ],
};

describe('exporting a table', () => {
  it('quotes CSV fields holding commas, quotes or line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('one\ntwo')).toBe('"one\ntwo"');
    expect(csvField('one\rtwo')).toBe('"one\rtwo"');
    expect(csvField(null)).toBe('');
    expect(csvField(0.5)).toBe('0.5');
  });

  it('writes full-precision values to CSV and leaves missing ones empty', () => {
    expect(tableToCsv(table)).toBe('Judge,κ,Note\r\n"gpt, ""mini""",0.61234,"line one\nline two"\r\na|b,,x\r\n');
  });

  it('splits a column into several CSV fields when it says so', () => {
    const interval: TableView = {
      id: 'ci',
      caption: 'Intervals',
      columns: [{ label: 'Configuration' }, { label: '95% CI', csv: ['ci_lo', 'ci_hi'] }],
      rows: [[{ text: 'a' }, { text: '[1.00, 2.00]', raw: [1.004, 2] }], [{ text: 'b' }, { text: '—', raw: null }]],
    };
    expect(tableToCsv(interval)).toBe('Configuration,ci_lo,ci_hi\r\na,1.004,2\r\nb,,\r\n');
  });

  it('escapes pipes in Markdown and keeps each row on one line', () => {
    expect(markdownCell('a|b')).toBe('a\\|b');
    expect(markdownCell('back\\slash')).toBe('back\\\\slash');
    const markdown = tableToMarkdown(table);
    expect(markdown.split('\n')).toEqual([
      '**Judges \\| agreement**',
      '',
      '| Judge | κ | Note |',
      '| --- | ---: | ---: |',
      '| gpt, "mini" | 0.612 | line one line two |',
      '| a\\|b | — | **x** (best) |',
      '',
    ]);
  });
});
