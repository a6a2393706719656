import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { citationRef } from '../../schemas/annotate.ts';
import { createAnnotateTestbed, type AnnotateTestbed } from './annotate-testbed.fixture.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { createChapter } from './chapters.ts';
import { readPlainLines } from './plain-lines.ts';
import { addCitation, removeCitation, type CitationRequest } from './citations.ts';
import { loadDataRoomDetail } from './data-room-detail.ts';
import { QUOTE_CONTEXT_CHARS } from './quote-anchor.ts';

const BRIEF = [
  '# Dashboard brief', // 1
  '', // 2
  'The dashboard shows weekly active users.', // 3
  'Each chart has a title, axis labels and a legend.', // 4
  'Filters apply to every chart at once.', // 5
  '', // 6
  '## Data', // 7
  'Events arrive as JSON lines.', // 8
  'Late events are dropped after 48 hours.', // 9
  '   ', // 10
  'The end.', // 11
];

let bed: AnnotateTestbed;
let chapterId: string;
let sourceId: string;
let versionId: string;

beforeEach(() => {
  bed = createAnnotateTestbed();
  chapterId = createChapter(bed.deps, { dataRoomId: bed.dataRoomId, title: 'Charts' });
  ({ sourceId, versionId } = bed.library.addSource({ dataRoomId: bed.dataRoomId, title: 'Brief', lines: BRIEF }));
});
afterEach(() => bed.dispose());

const cite = (request: Partial<CitationRequest> & Pick<CitationRequest, 'startLine' | 'endLine'>) => addCitation(bed.deps, { chapterId, versionId, ...request }, readPlainLines);
const citations = () => loadDataRoomDetail(bed.deps, bed.dataRoomId).chapters[0]?.citations ?? [];

function errorOf(run: () => unknown): LhbError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(LhbError);
    return error as LhbError;
  }
  throw new Error('expected an LhbError');
}

describe('addCitation', () => {
  it('quotes the cited lines whole by default, with the context around them', () => {
    cite({ startLine: 4, endLine: 5 });
    const [citation] = citations();
    expect(citation).toMatchObject({
      sourceId,
      versionId,
      startLine: 4,
      endLine: 5,
      status: 'ok',
      quote: 'Each chart has a title, axis labels and a legend.\nFilters apply to every chart at once.',
    });
    expect(citation?.sourceSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(citation && citationRef(citation)).toBe(`${sourceId}:4--5`);
    // Up to 64 characters either side, taken across line breaks.
    const before = BRIEF.slice(0, 3).join('\n') + '\n';
    expect(citation?.prefix).toBe(before.slice(-QUOTE_CONTEXT_CHARS));
    expect(citation?.suffix).toBe(('\n' + BRIEF.slice(5).join('\n')).slice(0, QUOTE_CONTEXT_CHARS));
  });

  it('keeps a short prefix at the start of the source and a short suffix at its end', () => {
    cite({ startLine: 1, endLine: 1 });
    cite({ startLine: 11, endLine: 11 });
    const [first, last] = citations();
    expect(first?.prefix).toBe('');
    expect(first?.suffix.startsWith('\n\nThe dashboard')).toBe(true);
    expect(last?.suffix).toBe('');
    expect(last?.prefix.endsWith('48 hours.\n   \n')).toBe(true);
  });

  it('accepts a partial selection inside the lines and stores the source’s own text for it', () => {
    // A selection across lines as a browser may copy it: the line break became spaces.
    cite({ startLine: 3, endLine: 5, quote: 'axis labels and a legend.   Filters apply' });
    const [citation] = citations();
    expect(citation?.quote).toBe('axis labels and a legend.\nFilters apply');
    expect(citation?.startLine).toBe(3);
    expect(citation?.endLine).toBe(5);
    expect(citation?.prefix.endsWith('Each chart has a title, ')).toBe(true);
    expect(citation?.suffix.startsWith(' to every chart at once.\n')).toBe(true);
  });

  it('treats a blank quote as no quote', () => {
    cite({ startLine: 8, endLine: 8, quote: '  ' });
    expect(citations()[0]?.quote).toBe('Events arrive as JSON lines.');
  });

  it('rejects lines outside the version, naming the range and the line count', () => {
    for (const [startLine, endLine] of [
      [0, 2],
      [10, 12],
      [12, 12],
    ] as const) {
      const error = errorOf(() => cite({ startLine, endLine }));
      expect(error.code).toBe('bad_request');
      expect(error.message).toContain(`lines ${startLine}–${endLine}`);
      expect(error.message).toContain('11 lines');
    }
    expect(errorOf(() => cite({ startLine: 5, endLine: 4 })).code).toBe('bad_request');
    expect(citations()).toEqual([]);
  });

  it('rejects a quote that is not in the cited lines, even if it is elsewhere in the source', () => {
    const error = errorOf(() => cite({ startLine: 3, endLine: 4, quote: 'Late events are dropped' }));
    expect(error.code).toBe('bad_request');
    expect(error.message).toContain('“Late events are dropped”');
    expect(error.message).toContain('lines 3–4');
    expect(citations()).toEqual([]);
  });

  it('rejects blank lines: there is nothing to quote', () => {
    const error = errorOf(() => cite({ startLine: 10, endLine: 10 }));
    expect(error.code).toBe('bad_request');
    expect(error.message).toMatch(/blank/);
  });

  it('rejects an unknown chapter or version with not_found', () => {
    expect(errorOf(() => addCitation(bed.deps, { chapterId: 'nope', versionId, startLine: 1, endLine: 1 })).message).toContain('nope');
    const error = errorOf(() => addCitation(bed.deps, { chapterId, versionId: 'ver-missing', startLine: 1, endLine: 1 }));
    expect(error.code).toBe('not_found');
    expect(error.message).toContain('ver-missing');
  });

  it('orders a chapter’s citations as they were added and removes one', () => {
    cite({ startLine: 8, endLine: 9 });
    const { citationId } = cite({ startLine: 3, endLine: 3 });
    cite({ startLine: 1, endLine: 1 });
    expect(citations().map((c) => c.startLine)).toEqual([8, 3, 1]);
    removeCitation(bed.deps, { citationId });
    expect(citations().map((c) => c.startLine)).toEqual([8, 1]);
    expect(errorOf(() => removeCitation(bed.deps, { citationId })).code).toBe('not_found');
  });
});
