import { describe, expect, it } from 'vitest';
import { findingWord, findingsSummary, groupFindings, sortFindings } from './finding-words.ts';

const finding = (nodeId: string, kind: string) => ({ nodeId, kind, detail: `${kind} at ${nodeId}` });

describe('finding words', () => {
  it('name each kind frame capture reports', () => {
    expect(['broken-route', 'blank-render', 'runtime-error', 'timeout', 'capture-skipped'].map(findingWord)).toEqual([
      'broken route',
      'blank render',
      'runtime error',
      'timeout',
      'capture skipped',
    ]);
  });

  it('show an unknown kind as it is, dashes as spaces', () => {
    expect(findingWord('layout-shift')).toBe('layout shift');
  });
});

describe('findings', () => {
  it('sort in frame order, numbers compared as numbers', () => {
    const sorted = sortFindings([finding('3:10', 'timeout'), finding('3:3', 'blank-render'), finding('3:2', 'runtime-error'), finding('3:2', 'broken-route')]);
    expect(sorted.map((f) => `${f.nodeId} ${f.kind}`)).toEqual(['3:2 broken-route', '3:2 runtime-error', '3:3 blank-render', '3:10 timeout']);
  });

  it('group by kind, most first', () => {
    const groups = groupFindings([finding('1:1', 'runtime-error'), finding('1:2', 'broken-route'), finding('1:3', 'runtime-error')]);
    expect(groups).toEqual([
      { kind: 'runtime-error', word: 'runtime error', count: 2 },
      { kind: 'broken-route', word: 'broken route', count: 1 },
    ]);
  });

  it('summarise a run in one line', () => {
    expect(findingsSummary([])).toBe('No capture findings');
    expect(findingsSummary([finding('3:2', 'broken-route')])).toBe('1 finding: 1 broken route');
    expect(findingsSummary([finding('3:3', 'blank-render'), finding('3:2', 'broken-route')])).toBe('2 findings: 1 blank render, 1 broken route');
  });
});
