import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LhbError } from '../../schemas/lhb-error.ts';
import { createAnnotateTestbed, type AnnotateTestbed } from './annotate-testbed.fixture.ts';
import { createChapter } from './chapters.ts';
import { addCitation } from './citations.ts';
import { readPlainLines } from './plain-lines.ts';
import { loadDataRoomDetail } from './data-room-detail.ts';

const DOC = [
  'Returns an [\\<integer>](https://developer.mozilla.org/en-US/docs/Web/integer) at `offset` for you.', // 1
  '| key | `type` | meaning |', // 2
  '|---|---|---|', // 3
  '| PTEX.Fullbanner | string | the **banner** |', // 4
  '```', // 5
  'const [a](b) = `c`;', // 6
  '```', // 7
];

let bed: AnnotateTestbed;
let chapterId: string;
let versionId: string;

beforeEach(() => {
  bed = createAnnotateTestbed();
  chapterId = createChapter(bed.deps, { dataRoomId: bed.dataRoomId, title: 'Types' });
  ({ versionId } = bed.library.addSource({ dataRoomId: bed.dataRoomId, title: 'Types', lines: DOC }));
});
afterEach(() => bed.dispose());

const citations = () => loadDataRoomDetail(bed.deps, bed.dataRoomId).chapters[0]?.citations ?? [];

describe('citing an exact selection by character range', () => {
  it('quotes the plain text between the characters, across a link, a code span and a table row', () => {
    // Plain line 1: "Returns an <integer> at offset for you."; line 4: "PTEX.Fullbanner\tstring\tthe banner".
    addCitation(bed.deps, { chapterId, versionId, startLine: 1, endLine: 4, startChar: 'Returns an '.length, endChar: 'PTEX.Fullbanner\tstring'.length }, readPlainLines);
    const [citation] = citations();
    expect(citation).toMatchObject({ startLine: 1, endLine: 4, startChar: 11, endChar: 22 });
    expect(citation?.quote).toBe('<integer> at offset for you.\nkey\ttype\tmeaning\n\nPTEX.Fullbanner\tstring');
    expect(citation?.prefix).toBe('Returns an ');
    expect(citation?.suffix.startsWith('\tthe banner')).toBe(true);
  });

  it('reads code inside a fence as written', () => {
    addCitation(bed.deps, { chapterId, versionId, startLine: 6, endLine: 6, startChar: 0, endChar: 12 }, readPlainLines);
    expect(citations()[0]).toMatchObject({ quote: 'const [a](b)', startChar: 0, endChar: 12 });
  });

  it('keeps whole-line citations without a range', () => {
    addCitation(bed.deps, { chapterId, versionId, startLine: 4, endLine: 4 });
    expect(citations()[0]).toMatchObject({ startChar: null, endChar: null, quote: DOC[3] });
  });

  it('refuses a range past the line or holding no text, naming the field', () => {
    const refusal = (request: { startChar: number; endChar: number; startLine?: number; endLine?: number }) => {
      try {
        addCitation(bed.deps, { chapterId, versionId, startLine: 1, endLine: 1, ...request }, readPlainLines);
      } catch (error) {
        expect(error).toBeInstanceOf(LhbError);
        return error as LhbError;
      }
      throw new Error('expected a refusal');
    };
    expect(refusal({ startChar: 0, endChar: 200 })).toMatchObject({ code: 'bad_request', field: 'endChar' });
    expect(refusal({ startChar: 5, endChar: 5 })).toMatchObject({ code: 'bad_request', field: 'endChar' });
    expect(refusal({ startLine: 3, endLine: 3, startChar: 0, endChar: 0 })).toMatchObject({ code: 'bad_request' });
    expect(citations()).toHaveLength(0);
  });
});
