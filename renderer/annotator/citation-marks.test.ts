import { describe, expect, it } from 'vitest';
import { chapter, citation } from './chapter-fixtures.fixture.ts';
import { citedSpans, citingChapterTitles, spansAtLine } from './citation-marks.ts';

describe('cited line marks', () => {
  const chapters = [
    chapter('a', 'Setup', [citation('1', 'v1', 10, 13), citation('2', 'v2', 1, 400), citation('3', 'v1', 50, 50, 'orphaned')]),
    chapter('b', 'Charts', [citation('4', 'v1', 12, 20)]),
  ];

  it('marks only the open version and skips orphaned citations', () => {
    expect(citedSpans(chapters, 'v1').map((s) => s.citationId)).toEqual(['1', '4']);
  });

  it('finds the chapters citing a line, each once', () => {
    const spans = citedSpans(chapters, 'v1');
    expect(spansAtLine(spans, 9)).toEqual([]);
    expect(citingChapterTitles(spansAtLine(spans, 12))).toEqual(['Setup', 'Charts']);
    expect(citingChapterTitles(spansAtLine(spans, 20))).toEqual(['Charts']);
  });
});
