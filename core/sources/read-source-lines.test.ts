import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInSource } from './find-in-source.ts';
import { importPaths } from './import-sources.ts';
import { getSourceVersion, readSourceLines, readSourceText } from './read-source-lines.ts';
import { SourceNotFoundError } from './source-errors.ts';
import { openSourceTestbed, type SourceTestbed } from './source-testbed.fixture.ts';

const MILLION = 1_000_000;
let bed: SourceTestbed;
let bigVersion: string;
let smallVersion: string;

beforeAll(async () => {
  bed = openSourceTestbed();
  const big = Array.from({ length: MILLION }, (_, i) => `Line ${i + 1}: weekly orders by region`).join('\n');
  const small = 'Alpha beta\nGAMMA alpha\n\nİstanbul alpha\n';
  const { outcomes } = await importPaths(bed.workspace, [bed.write('million.txt', big), bed.write('small.md', small)], { dataRoomId: null, workers: 0 });
  [bigVersion, smallVersion] = outcomes.map((o) => (o as { versionId: string }).versionId) as [string, string];
}, 60_000);
afterAll(() => bed.close());

describe('readSourceLines', () => {
  it('returns any window of a million-line source, and fewer lines past its end', () => {
    expect(readSourceLines(bed.workspace, bigVersion, 1, 2)).toEqual({ start: 1, lines: ['Line 1: weekly orders by region', 'Line 2: weekly orders by region'], lineCount: MILLION, pages: [] });
    const tail = readSourceLines(bed.workspace, bigVersion, MILLION - 1, MILLION + 50);
    expect(tail.lines).toEqual([`Line ${MILLION - 1}: weekly orders by region`, `Line ${MILLION}: weekly orders by region`]);
    expect(readSourceLines(bed.workspace, bigVersion, MILLION + 1, MILLION + 9).lines).toEqual([]);
    expect(readSourceLines(bed.workspace, bigVersion, 500_000, 504_999).lines).toHaveLength(5000);
  });

  it('keeps empty lines as empty strings', () => {
    expect(readSourceLines(bed.workspace, smallVersion, 1, 10).lines).toEqual(['Alpha beta', 'GAMMA alpha', '', 'İstanbul alpha']);
    expect(readSourceText(bed.workspace, smallVersion)).toBe('Alpha beta\nGAMMA alpha\n\nİstanbul alpha\n');
  });

  it('says which id it does not know', () => {
    expect(() => readSourceLines(bed.workspace, 'no-such-version', 1, 2)).toThrow(SourceNotFoundError);
    expect(() => readSourceLines(bed.workspace, 'no-such-version', 1, 2)).toThrow(/no-such-version/);
    expect(() => getSourceVersion(bed.workspace, 'no-such-version')).toThrow(/No source version with id no-such-version/);
  });

  it('describes the version it reads', () => {
    expect(getSourceVersion(bed.workspace, bigVersion)).toMatchObject({ version: 1, lineCount: MILLION, sections: [{ title: '', level: 0, startLine: 1, endLine: MILLION }] });
  });
});

describe('findInSource', () => {
  it('finds case-insensitively, with 1-based lines and columns, limited but counting every match', () => {
    expect(findInSource(bed.workspace, smallVersion, 'ALPHA', 2)).toEqual({
      matches: [
        { line: 1, column: 1 },
        { line: 2, column: 7 },
      ],
      total: 3,
      truncated: true,
    });
    expect(findInSource(bed.workspace, smallVersion, 'gamma', 10)).toEqual({ matches: [{ line: 2, column: 1 }], total: 1, truncated: false });
    expect(findInSource(bed.workspace, smallVersion, 'nowhere', 10)).toEqual({ matches: [], total: 0, truncated: false });
  });

  it('keeps columns right in text whose lower case changes length (İ)', () => {
    // "İ".toLowerCase() is two code units; the search must still report the original offsets.
    expect(findInSource(bed.workspace, smallVersion, 'alpha', 10).matches.at(-1)).toEqual({ line: 4, column: 10 });
    expect(findInSource(bed.workspace, smallVersion, 'istanbul', 10).total).toBe(0);
  });

  it('searches a million lines, reporting the last line exactly', () => {
    const result = findInSource(bed.workspace, bigVersion, `LINE ${MILLION}:`, 5);
    expect(result).toEqual({ matches: [{ line: MILLION, column: 1 }], total: 1, truncated: false });
    expect(findInSource(bed.workspace, bigVersion, 'region', 3)).toMatchObject({ total: MILLION, truncated: true, matches: [{ line: 1 }, { line: 2 }, { line: 3 }] });
  });
});
