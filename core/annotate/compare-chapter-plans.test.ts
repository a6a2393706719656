import { describe, expect, it } from 'vitest';
import type { ChapterPlan } from '../../schemas/chapter-plan.ts';
import { compareChapterPlans, pairChapters } from './compare-chapter-plans.ts';

type Cite = [source: string, start: number, end: number];
const plan = (chapters: [title: string, cites: Cite[]][]): ChapterPlan => ({
  format: 'lhb-chapter-plan/1',
  room: { id: 'room', title: 'Room' },
  global_notes: '',
  chapters: chapters.map(([title, cites], index) => ({
    number: index + 1,
    title,
    instruction: '',
    notes: '',
    citations: cites.map(([source, start, end]) => ({
      ref: `${source}:${start}--${end}`,
      source_id: source,
      source_title: source.toUpperCase(),
      version_id: `${source}-v1`,
      start_line: start,
      end_line: end,
      pages: null,
      quote: `lines ${start}-${end}`,
      status: 'ok' as const,
    })),
  })),
});

describe('pairChapters', () => {
  it('pairs by title first (case, spacing and punctuation ignored), then the rest by place', () => {
    const a = plan([['Introduction', []], ['Users and groups', []], ['Backups', []], ['Appendix', []]]);
    const b = plan([['users & groups', []], ['  INTRODUCTION. ', []], ['Restoring', []]]);
    expect(pairChapters(a.chapters, b.chapters).map(([x, y, how]) => [x?.title, y?.title, how])).toEqual([
      ['Introduction', '  INTRODUCTION. ', 'title'],
      ['Users and groups', 'users & groups', 'title'],
      // Unpaired: A's Backups (3rd) and Appendix (4th), B's Restoring (3rd): the first of each pair up.
      ['Backups', 'Restoring', 'position'],
      ['Appendix', undefined, null],
    ]);
  });

  it('pairs repeated titles in order, and a chapter of B left over shows after A’s', () => {
    const a = plan([['Notes', []], ['Notes', []]]);
    const b = plan([['Notes', []], ['Notes', []], ['Notes', []]]);
    expect(pairChapters(a.chapters, b.chapters).map(([x, y, how]) => [x?.number, y?.number, how])).toEqual([
      [1, 1, 'title'],
      [2, 2, 'title'],
      [undefined, 3, null],
    ]);
  });
});

describe('compareChapterPlans', () => {
  const a = plan([
    ['Install', [['guide', 10, 20], ['faq', 1, 5]]],
    ['Configure', [['guide', 40, 49]]],
    ['Only in A', [['guide', 100, 109]]],
  ]);
  const b = plan([
    ['install', [['guide', 15, 24], ['guide', 30, 31]]],
    ['Configure', [['guide', 40, 49]]],
  ]);
  const result = compareChapterPlans(a, b);

  it('says per chapter which spans both cited (overlapping lines in the same source) and which one only', () => {
    const install = result.chapters[0]!;
    expect(install.matchedBy).toBe('title');
    expect(install.both.map((g) => [g.a.map((s) => s.ref), g.b.map((s) => s.ref)])).toEqual([[['guide:10--20'], ['guide:15--24']]]);
    expect(install.onlyA.map((s) => s.ref)).toEqual(['faq:1--5']);
    expect(install.onlyB.map((s) => s.ref)).toEqual(['guide:30--31']);
    // A: guide 10–20 (11) + faq 1–5 (5) = 16; B: 15–24 (10) + 30–31 (2) = 12; both 15–20 = 6; either 22.
    expect(install.agreement).toEqual({ a: 16, b: 12, both: 6, either: 22, jaccard: 6 / 22, dice: 12 / 28 });
    expect(result.chapters[1]!.agreement).toMatchObject({ both: 10, either: 10, jaccard: 1, dice: 1 });
  });

  it('counts a chapter only one plan has as lines the other did not cite', () => {
    const lonely = result.chapters[2]!;
    expect([lonely.a?.title, lonely.b, lonely.matchedBy]).toEqual(['Only in A', null, null]);
    expect(lonely.onlyA.map((s) => s.ref)).toEqual(['guide:100--109']);
    expect(lonely.agreement).toMatchObject({ a: 10, b: 0, both: 0, jaccard: 0 });
  });

  it('pools lines per source and overall over chapters', () => {
    expect(result.bySource.map((s) => [s.sourceTitle, s.agreement.both, s.agreement.either])).toEqual([
      ['FAQ', 0, 5],
      // guide: Install 6 of 17 (10–24, 30–31), Configure 10 of 10, Only in A 0 of 10.
      ['GUIDE', 16, 37],
    ]);
    expect(result.overall).toEqual({ a: 36, b: 22, both: 16, either: 42, jaccard: 16 / 42, dice: 32 / 58 });
  });

  it('does not count the same line numbers of another source, or another version of one, as agreement', () => {
    const x = plan([['One', [['guide', 1, 10]]]]);
    const y = plan([['One', [['faq', 1, 10]]]]);
    expect(compareChapterPlans(x, y).overall).toMatchObject({ both: 0, either: 20, jaccard: 0 });
    const newer = plan([['One', [['guide', 1, 10]]]]);
    newer.chapters[0]!.citations[0]!.version_id = 'guide-v2';
    expect(compareChapterPlans(x, newer).overall).toMatchObject({ both: 0, either: 20 });
  });

  it('does not pair lines across chapters: the same lines cited under two different chapters disagree', () => {
    const x = plan([['Alpha', [['guide', 1, 10]]], ['Beta', []]]);
    const y = plan([['Alpha', []], ['Beta', [['guide', 1, 10]]]]);
    expect(compareChapterPlans(x, y).overall).toMatchObject({ both: 0, either: 20, jaccard: 0 });
  });

  it('has no agreement figure when neither plan cites anything', () => {
    expect(compareChapterPlans(plan([['A', []]]), plan([['A', []]])).overall).toMatchObject({ jaccard: null, dice: null });
  });
});
