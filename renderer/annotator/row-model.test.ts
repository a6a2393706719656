import { describe, expect, it } from 'vitest';
import type { Section } from '../../schemas/sources.ts';
import { buildRowModel, sectionsHiding } from './row-model.ts';

// Lines 1–2 preamble; "Intro" 3–9 holds "Detail" 6–9; "Next" 10–12.
const SECTIONS: Section[] = [
  { title: '', level: 0, startLine: 1, endLine: 2 },
  { title: 'Intro', level: 1, startLine: 3, endLine: 9 },
  { title: 'Detail', level: 2, startLine: 6, endLine: 9 },
  { title: 'Next', level: 1, startLine: 10, endLine: 12 },
];

const describeRows = (model: ReturnType<typeof buildRowModel>) =>
  Array.from({ length: model.rowCount }, (_, i) => {
    const row = model.rowAt(i)!;
    return row.kind === 'line' ? row.line : `[${row.section.title}${row.collapsed ? '+' : ''}]`;
  });

describe('buildRowModel', () => {
  it('puts a header row before each heading section and none before the preamble', () => {
    const model = buildRowModel(12, SECTIONS, new Set());
    expect(describeRows(model)).toEqual([1, 2, '[Intro]', 3, 4, 5, '[Detail]', 6, 7, 8, 9, '[Next]', 10, 11, 12]);
    expect(model.rowOfLine(6)).toBe(7);
  });

  it('hides a collapsed section, its nested headers and lines, but keeps its own header', () => {
    const model = buildRowModel(12, SECTIONS, new Set([1]));
    expect(describeRows(model)).toEqual([1, 2, '[Intro+]', '[Next]', 10, 11, 12]);
    expect(model.rowOfLine(7)).toBeUndefined();
    expect(model.rowOfLine(10)).toBe(4);
    expect(sectionsHiding(7, SECTIONS, new Set([1, 2]))).toEqual([1, 2]);
  });

  it('collapses a nested section alone', () => {
    const model = buildRowModel(12, SECTIONS, new Set([2]));
    expect(describeRows(model)).toEqual([1, 2, '[Intro]', 3, 4, 5, '[Detail+]', '[Next]', 10, 11, 12]);
  });

  it('steps the keyboard cursor over headers and hidden lines', () => {
    const model = buildRowModel(12, SECTIONS, new Set([1]));
    expect(model.stepLine(2, 1)).toBe(10);
    expect(model.stepLine(10, -1)).toBe(2);
    expect(model.stepLine(12, 5)).toBe(12);
    expect(model.stepLine(1, -3)).toBe(1);
    expect(model.lineAtOrAfter(2)).toBe(10);
    expect(model.lineAtOrBefore(3)).toBe(2);
  });

  it('answers for a million lines without a row per line', () => {
    const sections: Section[] = Array.from({ length: 10_000 }, (_, i) => ({ title: `S${i}`, level: 1, startLine: i * 100 + 1, endLine: i * 100 + 100 }));
    const model = buildRowModel(1_000_000, sections, new Set([0, 5]));
    expect(model.rowCount).toBe(1_000_000 + 10_000 - 200);
    expect(model.rowAt(model.rowCount - 1)).toEqual({ kind: 'line', line: 1_000_000 });
    expect(model.rowOfLine(500_000)).toBe(500_000 - 1 + 5_000 - 200);
  });

  it('ignores sections past the end of the source and handles an empty one', () => {
    expect(buildRowModel(0, [], new Set()).rowCount).toBe(0);
    expect(buildRowModel(3, [{ title: 'Late', level: 1, startLine: 9, endLine: 9 }], new Set()).rowCount).toBe(3);
  });
});
