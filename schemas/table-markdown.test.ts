import { describe, expect, it } from 'vitest';
import { markdownTable, tableToMarkdown } from './table-markdown.ts';
import type { TableModel } from './table-model.ts';

const model: TableModel = {
  id: 'agreement',
  caption: 'Agreement | by rubric',
  columns: [
    { key: 'rubric', header: 'Rubric', format: 'text' },
    { key: 'version', header: 'Version', format: 'text' },
    { key: 'kappa', header: 'Mean κ', format: 'kappa' },
    { key: 'ci', header: '95% CI', format: 'kappa', interval: true },
  ],
  rows: [
    [
      { value: 'fidelity', text: 'fidelity' },
      { value: 'v1', text: 'v1' },
      { value: 0.61234, text: '0.612', best: true },
      { value: [0.5, 0.7], text: '[0.500, 0.700]' },
    ],
    [
      { value: 'a|b', text: 'a|b' },
      { value: 'v2', text: 'v2' },
      { value: null, text: '—', missing: 'Undefined' },
      { value: [null, null], text: '—', missing: 'Undefined' },
    ],
  ],
};

describe('a report table as Markdown', () => {
  it('prints each cell’s text as the model has it, words left and numbers right, the best in bold', () => {
    expect(tableToMarkdown(model).split('\n')).toEqual([
      '**Agreement \\| by rubric**',
      '',
      '| Rubric | Version | Mean κ | 95% CI |',
      '| --- | --- | ---: | ---: |',
      '| fidelity | v1 | **0.612** (best) | [0.500, 0.700] |',
      '| a\\|b | v2 | — | — |',
      '',
    ]);
  });

  it('says when a table has no rows, and leaves out a caption it was not given', () => {
    expect(tableToMarkdown({ ...model, rows: [] })).toBe('**Agreement \\| by rubric**\n\n_No data._\n');
    expect(markdownTable({ columns: [{ header: 'What', align: 'left' }], rows: [[{ text: 'line one\nline two' }]] })).toBe('| What |\n| --- |\n| line one line two |\n');
  });
});
