import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnnotationContractSchema } from '../../schemas/annotate.ts';
import { createAnnotateTestbed, type AnnotateTestbed } from './annotate-testbed.fixture.ts';
import { createChapter, moveChapter, updateChapter } from './chapters.ts';
import { addCitation } from './citations.ts';
import { updateDataRoom } from './data-rooms.ts';
import { dataRoomTaskId, exportDataRoom } from './export-data-room.ts';
import { reanchorCitations } from './reanchor-citations.ts';

let bed: AnnotateTestbed;
beforeEach(() => {
  bed = createAnnotateTestbed();
});
afterEach(() => bed.dispose());

describe('exportDataRoom', () => {
  it('writes the annotation contract: chapters in plan order with their cited spans', () => {
    const { sourceId, versionId } = bed.library.addSource({ dataRoomId: bed.dataRoomId, lines: ['# Brief', 'Show weekly users.', 'Use a line chart.', 'Label the axes.'] });
    const intro = createChapter(bed.deps, { dataRoomId: bed.dataRoomId, title: 'Intro' });
    const chart = createChapter(bed.deps, { dataRoomId: bed.dataRoomId, title: 'Chart' });
    moveChapter(bed.deps, { chapterId: chart, toIndex: 0 });
    updateChapter(bed.deps, { chapterId: chart, instruction: 'Build the weekly users chart.' });
    updateDataRoom(bed.deps, { dataRoomId: bed.dataRoomId, globalNotes: 'Data is synthetic.' });
    addCitation(bed.deps, { chapterId: chart, versionId, startLine: 3, endLine: 4 });
    addCitation(bed.deps, { chapterId: chart, versionId, startLine: 2, endLine: 2, quote: 'weekly users' });
    addCitation(bed.deps, { chapterId: intro, versionId, startLine: 1, endLine: 1 });

    const contract = exportDataRoom(bed.deps, bed.dataRoomId);
    expect(AnnotationContractSchema.safeParse(contract).success).toBe(true);
    expect(contract).toEqual({
      task_id: `course-${bed.dataRoomId}`,
      chapters: [
        {
          title: 'Chart',
          order: 0,
          instruction: 'Build the weekly users chart.',
          context_gt: [
            { source_id: sourceId, start_line: 3, end_line: 4, quote: 'Use a line chart.\nLabel the axes.' },
            { source_id: sourceId, start_line: 2, end_line: 2, quote: 'weekly users' },
          ],
        },
        { title: 'Intro', order: 1, instruction: '', context_gt: [{ source_id: sourceId, start_line: 1, end_line: 1, quote: '# Brief' }] },
      ],
      global_notes: 'Data is synthetic.',
      rubrics: [],
    });
  });

  it('keeps the task id when the data room is renamed', () => {
    const before = exportDataRoom(bed.deps, bed.dataRoomId).task_id;
    updateDataRoom(bed.deps, { dataRoomId: bed.dataRoomId, title: 'Renamed' });
    expect(exportDataRoom(bed.deps, bed.dataRoomId).task_id).toBe(before);
    expect(before).toBe(dataRoomTaskId(bed.dataRoomId));
  });

  it('exports an orphaned citation on its last-known lines, unchanged', () => {
    const { sourceId, versionId } = bed.library.addSource({ dataRoomId: bed.dataRoomId, lines: ['Keep this.', 'Drop this.'] });
    const chapterId = createChapter(bed.deps, { dataRoomId: bed.dataRoomId, title: 'Only' });
    addCitation(bed.deps, { chapterId, versionId, startLine: 2, endLine: 2 });
    const v2 = bed.library.addVersion(sourceId, ['Keep this.']);
    expect(reanchorCitations(bed.deps, sourceId, v2).orphaned).toBe(1);
    expect(exportDataRoom(bed.deps, bed.dataRoomId).chapters[0]?.context_gt).toEqual([{ source_id: sourceId, start_line: 2, end_line: 2, quote: 'Drop this.' }]);
  });
});
