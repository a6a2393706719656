import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Citation } from '../../schemas/annotate.ts';
import { createAnnotateTestbed, type AnnotateTestbed } from './annotate-testbed.fixture.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { createChapter } from './chapters.ts';
import { addCitation } from './citations.ts';
import { loadDataRoomDetail } from './data-room-detail.ts';
import { reanchorCitations } from './reanchor-citations.ts';

const V1 = [
  '# Metrics guide', // 1
  '', // 2
  '## Retention', // 3
  'Retention is the share of users active again after seven days.', // 4
  'Compute it per signup cohort.', // 5
  '', // 6
  '## Revenue', // 7
  'Revenue is reported in euros, net of refunds.', // 8
  'Round to whole euros in charts.', // 9
  '', // 10
  '## Notes', // 11
  'Charts must cite their data source.', // 12
];

let bed: AnnotateTestbed;
let sourceId: string;
let v1: string;
let chapterId: string;

beforeEach(() => {
  bed = createAnnotateTestbed();
  ({ sourceId, versionId: v1 } = bed.library.addSource({ dataRoomId: bed.dataRoomId, title: 'Metrics', lines: V1 }));
  chapterId = createChapter(bed.deps, { dataRoomId: bed.dataRoomId, title: 'Metrics' });
});
afterEach(() => bed.dispose());

function cite(startLine: number, endLine: number, quote?: string): string {
  return addCitation(bed.deps, { chapterId, versionId: v1, startLine, endLine, quote }).citationId;
}
function citation(id: string): Citation {
  const found = loadDataRoomDetail(bed.deps, bed.dataRoomId)
    .chapters.flatMap((c) => c.citations)
    .find((c) => c.id === id);
  if (!found) throw new Error(`no citation ${id}`);
  return found;
}
function reimport(lines: string[]) {
  const v2 = bed.library.addVersion(sourceId, lines);
  return { v2, report: reanchorCitations(bed.deps, sourceId, v2) };
}

describe('reanchorCitations', () => {
  it('follows lines inserted above the quote', () => {
    const retention = cite(4, 5);
    const { v2, report } = reimport(['# Metrics guide', 'Updated for 2025.', 'Owner: data team.', ...V1.slice(1)]);
    expect(citation(retention)).toMatchObject({ versionId: v2, startLine: 6, endLine: 7, status: 'reanchored', quote: `${V1[3]}\n${V1[4]}` });
    expect(citation(retention).sourceSha256).toBe(bed.library.version(v2)?.sha256);
    expect(report).toMatchObject({ checked: 1, reanchored: 1, unchanged: 0, orphaned: 0 });
  });

  it('says ok when the quote is still on the same lines', () => {
    const notes = cite(12, 12);
    const { v2, report } = reimport([...V1.slice(0, 8), 'Round to whole euros in every chart.', ...V1.slice(9)]);
    expect(citation(notes)).toMatchObject({ versionId: v2, startLine: 12, endLine: 12, status: 'ok' });
    expect(report.unchanged).toBe(1);
  });

  it('follows a quote moved to another section', () => {
    const revenue = cite(8, 8);
    // The Revenue section now comes first.
    const moved = ['# Metrics guide', '', '## Revenue', V1[7] as string, V1[8] as string, '', '## Retention', V1[3] as string, V1[4] as string, '', ...V1.slice(10)];
    const { v2 } = reimport(moved);
    expect(citation(revenue)).toMatchObject({ versionId: v2, startLine: 4, endLine: 4, status: 'reanchored' });
  });

  it('flags a deleted quote as orphaned and keeps it exactly where it was', () => {
    const revenue = cite(8, 9);
    const before = citation(revenue);
    const { report } = reimport([...V1.slice(0, 6), ...V1.slice(10)]);
    expect(citation(revenue)).toEqual({ ...before, status: 'orphaned' });
    expect(report).toMatchObject({ checked: 1, orphaned: 1, orphanedCitationIds: [revenue] });
  });

  it('finds an orphan again when a later version brings its text back', () => {
    const revenue = cite(8, 8);
    reimport([...V1.slice(0, 6), ...V1.slice(10)]);
    expect(citation(revenue).status).toBe('orphaned');
    const { v2: v3 } = reimport(['# Metrics guide', '', ...V1.slice(6)]);
    expect(citation(revenue)).toMatchObject({ versionId: v3, startLine: 4, status: 'reanchored' });
  });

  it('picks the copy of a duplicated quote whose surroundings match', () => {
    // "Compute it per signup cohort." now also appears under Revenue, above the original.
    const cohort = cite(5, 5);
    const lines = [...V1.slice(0, 2), '## Revenue', V1[7] as string, 'Compute it per signup cohort.', '', '## Retention', V1[3] as string, V1[4] as string, '', ...V1.slice(10)];
    const { v2 } = reimport(lines);
    expect(citation(cohort)).toMatchObject({ versionId: v2, startLine: 9, endLine: 9, status: 'reanchored' });
  });

  it('picks the closest copy when the surroundings do not tell them apart', () => {
    const line = cite(12, 12);
    const lines = [...V1, '', ...V1.slice(10)]; // the Notes section twice, identical
    const { v2 } = reimport(lines);
    expect(citation(line)).toMatchObject({ versionId: v2, startLine: 12, status: 'ok' });
  });

  it('matches across rewrapped whitespace and keeps the margin of a partial quote', () => {
    // Cited lines 3–5 for the words "seven days. Compute it" only.
    const partial = cite(3, 5, 'seven days. Compute it');
    expect(citation(partial).quote).toBe('seven days.\nCompute it');
    const rewrapped = ['# Metrics guide', '', 'Intro line.', '## Retention', 'Retention is the share of users active again after', 'seven days.   Compute it per signup cohort.', ...V1.slice(5)];
    const { v2 } = reimport(rewrapped);
    // The quote now sits on line 6; the one cited line before it (the heading) stays cited: 3–5 → 5–6.
    expect(citation(partial)).toMatchObject({ versionId: v2, startLine: 5, endLine: 6, status: 'reanchored', quote: 'seven days.   Compute it' });
  });

  it('leaves citations already on the new version and other sources alone', () => {
    const { sourceId: otherId, versionId: otherVersion } = bed.library.addSource({ dataRoomId: bed.dataRoomId, lines: ['Other text.'] });
    const other = addCitation(bed.deps, { chapterId, versionId: otherVersion, startLine: 1, endLine: 1 }).citationId;
    const old = cite(4, 4);
    const v2 = bed.library.addVersion(sourceId, ['Intro.', ...V1]);
    const fresh = addCitation(bed.deps, { chapterId, versionId: v2, startLine: 1, endLine: 1 }).citationId;
    const report = reanchorCitations(bed.deps, sourceId, v2);
    expect(report.checked).toBe(1);
    expect(citation(old)).toMatchObject({ versionId: v2, startLine: 5 });
    expect(citation(fresh)).toMatchObject({ versionId: v2, startLine: 1, status: 'ok' });
    expect(citation(other)).toMatchObject({ sourceId: otherId, versionId: otherVersion, status: 'ok' });
    // Re-running for the same version changes nothing.
    expect(reanchorCitations(bed.deps, sourceId, v2).checked).toBe(0);
  });

  it('does not move citations back onto an older version', () => {
    const v2 = bed.library.addVersion(sourceId, ['Intro.', ...V1]);
    const onV2 = addCitation(bed.deps, { chapterId, versionId: v2, startLine: 5, endLine: 5 }).citationId;
    expect(reanchorCitations(bed.deps, sourceId, v1).checked).toBe(0);
    expect(citation(onV2).versionId).toBe(v2);
  });

  it('refuses a version of another source or an unknown version', () => {
    const { versionId: otherVersion } = bed.library.addSource({ dataRoomId: bed.dataRoomId, lines: ['x'] });
    const wrong = (() => {
      try {
        reanchorCitations(bed.deps, sourceId, otherVersion);
      } catch (error) {
        return error as LhbError;
      }
    })();
    expect(wrong).toBeInstanceOf(LhbError);
    expect(wrong?.code).toBe('bad_request');
    expect(() => reanchorCitations(bed.deps, sourceId, 'ver-nope')).toThrow(/ver-nope/);
  });
});
