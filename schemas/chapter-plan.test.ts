import { describe, expect, it } from 'vitest';
import type { DataRoomDetail } from './annotate.ts';
import { chapterPlan, chapterPlanMarkdown, ChapterPlanSchema, pagesOfLines } from './chapter-plan.ts';

const citation = (id: string, chapterId: string, sourceId: string, versionId: string, startLine: number, endLine: number, quote: string) => ({
  id, chapterId, sourceId, versionId, sourceSha256: 'x', startLine, endLine, quote, startChar: null, endChar: null, prefix: '', suffix: '', status: 'ok' as const, createdAt: '',
});

const dataRoom: DataRoomDetail = {
  id: 'room-1',
  title: 'Patents',
  globalNotes: 'For first-year examiners.',
  sources: [
    { id: 'guide', dataRoomId: 'room-1', title: 'Patent Guide', type: 'pdf', originalName: 'guide.pdf', latestVersionId: 'v1', version: 1, sha256: 's', lineCount: 300, createdAt: '' },
    { id: 'notes', dataRoomId: 'room-1', title: 'Notes', type: 'markdown', originalName: 'notes.md', latestVersionId: 'v2', version: 1, sha256: 's', lineCount: 30, createdAt: '' },
  ],
  chapters: [
    { id: 'c2', dataRoomId: 'room-1', order: 1, title: 'Claims', instruction: 'Explain claims.', designNotes: '', citations: [citation('x2', 'c2', 'notes', 'v2', 3, 3, 'A claim defines scope.')], updatedAt: '' },
    {
      id: 'c1', dataRoomId: 'room-1', order: 0, title: 'Filing', instruction: 'Walk through a filing.\nStep by step.', designNotes: 'Skip fees.',
      citations: [citation('x1', 'c1', 'guide', 'v1', 120, 131, 'File the application\nwith the office.')], updatedAt: '',
    },
  ],
  annotator: null,
  plansShared: false,
  otherPlans: [],
  undoLabel: null,
  redoLabel: null,
  updatedAt: '',
};
const pages = new Map([['v1', [{ page: 11, startLine: 100, endLine: 124 }, { page: 12, startLine: 125, endLine: 140 }, { page: 13, startLine: 141, endLine: 160 }]]]);

describe('chapter plan export', () => {
  it('lists chapters in plan order with instruction, notes, citation refs, quotes and pages when the source has them', () => {
    const plan = ChapterPlanSchema.parse(chapterPlan(dataRoom, pages));
    expect(plan.chapters.map((c) => [c.number, c.title])).toEqual([[1, 'Filing'], [2, 'Claims']]);
    expect(plan.chapters[0]).toMatchObject({ instruction: 'Walk through a filing.\nStep by step.', notes: 'Skip fees.' });
    expect(plan.chapters[0]!.citations[0]).toMatchObject({ ref: 'guide:120--131', source_title: 'Patent Guide', pages: { first: 11, last: 12 }, quote: 'File the application\nwith the office.' });
    expect(plan.chapters[1]!.citations[0]).toMatchObject({ ref: 'notes:3--3', pages: null });
  });

  it('writes Markdown a reader can follow: headings per chapter, the instruction, quotes as block quotes with their pages', () => {
    const md = chapterPlanMarkdown(chapterPlan(dataRoom, pages));
    expect(md).toContain('# Patents: chapter plan');
    expect(md).toContain('## Global notes\n\nFor first-year examiners.');
    expect(md.indexOf('## 1. Filing')).toBeLessThan(md.indexOf('## 2. Claims'));
    expect(md).toContain('**Instruction**\n\nWalk through a filing.\nStep by step.');
    expect(md).toContain('**Notes**\n\nSkip fees.');
    expect(md).toContain('- `guide:120--131` (Patent Guide, p. 11–12)\n\n  > File the application\n  > with the office.');
    expect(md).toContain('- `notes:3--3` (Notes)');
  });

  it('finds the pages a line range overlaps, or none', () => {
    expect(pagesOfLines(pages.get('v1')!, 125, 125)).toEqual({ first: 12, last: 12 });
    expect(pagesOfLines(pages.get('v1')!, 130, 150)).toEqual({ first: 12, last: 13 });
    expect(pagesOfLines(pages.get('v1')!, 200, 210)).toBeNull();
  });
});
