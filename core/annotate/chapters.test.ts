import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnnotateTestbed, type AnnotateTestbed } from './annotate-testbed.fixture.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { createChapter, deleteChapter, moveChapter, updateChapter } from './chapters.ts';
import { loadDataRoomDetail } from './data-room-detail.ts';
import { createDataRoom, updateDataRoom } from './data-rooms.ts';

let bed: AnnotateTestbed;
beforeEach(() => {
  bed = createAnnotateTestbed();
});
afterEach(() => bed.dispose());

const titles = () => loadDataRoomDetail(bed.deps, bed.dataRoomId).chapters.map((c) => c.title);
const orders = () => loadDataRoomDetail(bed.deps, bed.dataRoomId).chapters.map((c) => c.order);

function addChapters(...names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, createChapter(bed.deps, { dataRoomId: bed.dataRoomId, title: name })]));
}

function errorOf(run: () => unknown): LhbError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(LhbError);
    return error as LhbError;
  }
  throw new Error('expected an LhbError');
}

describe('chapters', () => {
  it('adds chapters at the end, or right after a given chapter, with contiguous positions', () => {
    const ids = addChapters('Intro', 'Data', 'Charts');
    createChapter(bed.deps, { dataRoomId: bed.dataRoomId, title: '  Filters  ', afterChapterId: ids.Intro });
    expect(titles()).toEqual(['Intro', 'Filters', 'Data', 'Charts']);
    expect(orders()).toEqual([0, 1, 2, 3]);
    const chapter = loadDataRoomDetail(bed.deps, bed.dataRoomId).chapters[1];
    expect(chapter).toMatchObject({ title: 'Filters', instruction: '', designNotes: '', citations: [], dataRoomId: bed.dataRoomId });
  });

  it('renames a chapter and edits its instruction and design notes', () => {
    const { Intro } = addChapters('Intro');
    updateChapter(bed.deps, { chapterId: Intro as string, title: 'Overview', instruction: 'Build the landing page.', designNotes: 'Keep it short.' });
    expect(loadDataRoomDetail(bed.deps, bed.dataRoomId).chapters[0]).toMatchObject({
      title: 'Overview',
      instruction: 'Build the landing page.',
      designNotes: 'Keep it short.',
    });
  });

  it('moves a chapter down, up, to the first and to the last place, keeping positions 0..n-1', () => {
    const ids = addChapters('A', 'B', 'C', 'D');
    moveChapter(bed.deps, { chapterId: ids.A as string, toIndex: 1 });
    expect(titles()).toEqual(['B', 'A', 'C', 'D']);
    moveChapter(bed.deps, { chapterId: ids.C as string, toIndex: 1 });
    expect(titles()).toEqual(['B', 'C', 'A', 'D']);
    moveChapter(bed.deps, { chapterId: ids.D as string, toIndex: 0 });
    expect(titles()).toEqual(['D', 'B', 'C', 'A']);
    moveChapter(bed.deps, { chapterId: ids.D as string, toIndex: 3 });
    expect(titles()).toEqual(['B', 'C', 'A', 'D']);
    moveChapter(bed.deps, { chapterId: ids.B as string, toIndex: 99 });
    expect(titles()).toEqual(['C', 'A', 'D', 'B']);
    expect(orders()).toEqual([0, 1, 2, 3]);
  });

  it('deletes a chapter and closes the gap', () => {
    const ids = addChapters('A', 'B', 'C');
    deleteChapter(bed.deps, { chapterId: ids.B as string });
    expect(titles()).toEqual(['A', 'C']);
    expect(orders()).toEqual([0, 1]);
  });

  it('keeps data rooms apart', () => {
    const other = createDataRoom(bed.deps, { title: 'Other room' });
    const a = createChapter(bed.deps, { dataRoomId: bed.dataRoomId, title: 'A' });
    createChapter(bed.deps, { dataRoomId: other, title: 'X' });
    expect(titles()).toEqual(['A']);
    expect(loadDataRoomDetail(bed.deps, other).chapters.map((c) => c.order)).toEqual([0]);
    const error = errorOf(() => createChapter(bed.deps, { dataRoomId: other, title: 'Y', afterChapterId: a }));
    expect(error.code).toBe('bad_request');
  });

  it('rejects unknown ids with not_found naming the id', () => {
    for (const run of [
      () => createChapter(bed.deps, { dataRoomId: 'no-such-room', title: 'A' }),
      () => updateChapter(bed.deps, { chapterId: 'no-such-chapter', title: 'B' }),
      () => moveChapter(bed.deps, { chapterId: 'no-such-chapter', toIndex: 0 }),
      () => deleteChapter(bed.deps, { chapterId: 'no-such-chapter' }),
      () => loadDataRoomDetail(bed.deps, 'no-such-room'),
      () => updateDataRoom(bed.deps, { dataRoomId: 'no-such-room', title: 'T' }),
    ]) {
      const error = errorOf(run);
      expect(error.code).toBe('not_found');
      expect(error.message).toMatch(/no-such-(room|chapter)/);
      expect(error.message).toMatch(/Reload/);
    }
  });

  it('rejects a blank title', () => {
    const { A } = addChapters('A');
    expect(errorOf(() => createChapter(bed.deps, { dataRoomId: bed.dataRoomId, title: '   ' })).code).toBe('bad_request');
    expect(errorOf(() => updateChapter(bed.deps, { chapterId: A as string, title: ' ' })).code).toBe('bad_request');
  });

  it('a no-op edit or move records no undo step', () => {
    const { A } = addChapters('A');
    const before = loadDataRoomDetail(bed.deps, bed.dataRoomId).undoLabel;
    updateChapter(bed.deps, { chapterId: A as string, title: 'A' });
    moveChapter(bed.deps, { chapterId: A as string, toIndex: 0 });
    updateDataRoom(bed.deps, { dataRoomId: bed.dataRoomId });
    expect(loadDataRoomDetail(bed.deps, bed.dataRoomId).undoLabel).toBe(before);
    const count = bed.workspace.db.prepare('SELECT count(*) AS n FROM annotation_history').get() as { n: number };
    expect(count.n).toBe(1);
  });
});
