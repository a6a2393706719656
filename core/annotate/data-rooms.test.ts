import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataRoomDetailSchema } from '../../schemas/annotate.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { createAnnotateTestbed, type AnnotateTestbed } from './annotate-testbed.fixture.ts';
import { createChapter } from './chapters.ts';
import { listDataRoomSummaries, loadDataRoomDetail } from './data-room-detail.ts';
import { createDataRoom } from './data-rooms.ts';
import { DEFAULT_DATA_ROOM_TITLE, ensureDefaultDataRoom } from './ensure-default-data-room.ts';

let bed: AnnotateTestbed;
beforeEach(() => {
  bed = createAnnotateTestbed();
});
afterEach(() => bed.dispose());

describe('data rooms', () => {
  it('lists data rooms oldest first with their source and chapter counts', () => {
    bed.library.addSource({ dataRoomId: bed.dataRoomId, lines: ['a'] });
    bed.library.addSource({ dataRoomId: bed.dataRoomId, lines: ['b'] });
    bed.library.addSource({ dataRoomId: null, lines: ['loose'] });
    createChapter(bed.deps, { dataRoomId: bed.dataRoomId, title: 'One' });
    bed.advance(1000);
    const second = createDataRoom(bed.deps, { title: '  Second room ' });
    expect(listDataRoomSummaries(bed.deps).map(({ id, title, sourceCount, chapterCount }) => ({ id, title, sourceCount, chapterCount }))).toEqual([
      { id: bed.dataRoomId, title: 'Dashboards', sourceCount: 2, chapterCount: 1 },
      { id: second, title: 'Second room', sourceCount: 0, chapterCount: 0 },
    ]);
  });

  it('describes a data room with its sources, chapters and undo labels, inside the contract', () => {
    const { sourceId } = bed.library.addSource({ dataRoomId: bed.dataRoomId, title: 'Brief', lines: ['# Brief', 'Text.'] });
    createChapter(bed.deps, { dataRoomId: bed.dataRoomId, title: 'One' });
    const detail = loadDataRoomDetail(bed.deps, bed.dataRoomId);
    expect(DataRoomDetailSchema.safeParse(detail).success).toBe(true);
    expect(detail.sources.map((s) => ({ id: s.id, title: s.title, lineCount: s.lineCount, version: s.version }))).toEqual([{ id: sourceId, title: 'Brief', lineCount: 2, version: 1 }]);
    expect(detail.undoLabel).toBe('Add chapter “One”');
    expect(detail.redoLabel).toBeNull();
  });

  it('ensureDefaultDataRoom creates "Data room" once, then returns the first data room', () => {
    const project = findCurrentProject(bed.workspace.db)?.id as string;
    bed.workspace.db.prepare('DELETE FROM data_rooms').run();
    const created = ensureDefaultDataRoom(bed.workspace.db);
    expect(loadDataRoomDetail(bed.deps, created).title).toBe(DEFAULT_DATA_ROOM_TITLE);
    expect(ensureDefaultDataRoom(bed.workspace.db, project)).toBe(created);
    // ensureDefaultDataRoom stamps with the real clock; make the later room really later.
    createDataRoom({ ...bed.deps, now: () => new Date(Date.now() + 60_000) }, { title: 'Later' });
    expect(ensureDefaultDataRoom(bed.workspace.db)).toBe(created);
    expect(listDataRoomSummaries(bed.deps)).toHaveLength(2);
  });
});
