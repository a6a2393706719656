import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';
import { tableCounts } from './table-counts.fixture.ts';

// Exports written by earlier versions keep importing. fixtures/format-1-export was written by
// commit 649de42 (`lhb export hf --format jsonl --subsets sources,chapters` on the demo), before
// the card carried a format version: a card without one is format 1.
const FORMAT_1 = fileURLToPath(new URL('./fixtures/format-1-export', import.meta.url));
// fixtures/format-3-export was written by commit bc4d014 the same way: format 3, the last to say
// `course_id`, `course_title` and `course_notes` for the data room's fields.
const FORMAT_3 = fileURLToPath(new URL('./fixtures/format-3-export', import.meta.url));

let dir: string;
let api: Api;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-import-older-'));
  api = await openApi(join(dir, 'empty'), { emptyProject: { name: 'Empty' } });
}, 60_000);

afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('import hf of an older export', () => {
  it('reads a card without a format version as format 1 and imports its records', async () => {
    expect(readFileSync(join(FORMAT_1, 'README.md'), 'utf8')).not.toContain('format_version');
    const { jobId } = await api.call('import.hf', { dir: FORMAT_1 });
    await api.context.jobs.idle();
    const job = (await api.call('jobs.list', { limit: 500 })).jobs.find((candidate) => candidate.id === jobId)!;
    expect(job.state, job.message).toBe('succeeded');
    const result = (await api.call('import.result', { jobId })).result!;
    expect(result.subsets.map((subset) => [subset.subset, subset.added])).toEqual([['sources', 4], ['chapters', 3]]);
    expect(tableCounts(api.context.workspace.db)).toMatchObject({ chapters: 3 });
    // Formats 1 and 2 named the data room's fields course_id, course_title, course_notes.
    const { dataRooms } = await api.call('dataRooms.list', {});
    expect(dataRooms.map((room) => [room.title, room.sourceCount, room.chapterCount])).toEqual([['Operations dashboard data room', 4, 3]]);
    const detail = await api.call('dataRooms.get', { dataRoomId: dataRooms[0]!.id });
    expect(detail.globalNotes).toMatch(/^Plan for an agent that builds the weekly operations dashboard\./);
  });

  it('reads a format-3 export, whose data room fields say course, under their current names', async () => {
    const card = readFileSync(join(FORMAT_3, 'README.md'), 'utf8');
    expect(card).toContain('format_version: 3');
    expect(card).toContain('name: course_id');
    const target = await openApi(join(dir, 'empty-for-format-3'), { emptyProject: { name: 'Empty' } });
    try {
      const { jobId } = await target.call('import.hf', { dir: FORMAT_3 });
      await target.context.jobs.idle();
      const job = (await target.call('jobs.list', { limit: 500 })).jobs.find((candidate) => candidate.id === jobId)!;
      expect(job.state, job.message).toBe('succeeded');
      const { dataRooms } = await target.call('dataRooms.list', {});
      expect(dataRooms.map((room) => [room.title, room.sourceCount, room.chapterCount])).toEqual([['Operations dashboard data room', 4, 3]]);
      const detail = await target.call('dataRooms.get', { dataRoomId: dataRooms[0]!.id });
      expect(detail.globalNotes).toMatch(/^Plan for an agent that builds the weekly operations dashboard\./);
    } finally {
      await target.close();
    }
  });

  it('refuses the old field names in a folder whose card says format 4, where they were renamed', async () => {
    const folder = join(dir, 'format-3-as-4');
    cpSync(FORMAT_3, folder, { recursive: true });
    const card = join(folder, 'README.md');
    writeFileSync(card, readFileSync(card, 'utf8').replace('format_version: 3', 'format_version: 4'));
    const { jobId } = await api.call('import.hf', { dir: folder });
    await api.context.jobs.idle();
    const job = (await api.call('jobs.list', { limit: 500 })).jobs.find((candidate) => candidate.id === jobId)!;
    expect(job.state).toBe('failed');
    expect(job.message).toMatch(/^README\.md: dataset_info of sources lists other features than this version's format/);
  });
});
