import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnnotationContractSchema, citationRef } from '../../../schemas/annotate.ts';
import type { RpcInput, RpcMethod } from '../../../schemas/rpc.ts';
import { reanchorCitations } from '../../annotate/reanchor-citations.ts';
import { SourceLibraryFixture } from '../../annotate/source-library.fixture.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { createApi, type Api } from '../create-api.ts';
import { annotateDeps } from './annotate-context.ts';
import { rpcErrorOf } from '../rpc-error-of.fixture.ts';

const PDF_LINES = Array.from({ length: 20 }, (_, i) => `Paragraph ${i + 1} of the report.`);

let dir: string;
let api: Api;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-annotate-api-'));
  api = createApi(openWorkspace(dir));
});
afterEach(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = <M extends RpcMethod>(method: M, input: RpcInput<M>) => api.call(method, input);


/** A data room with one source (lines written as the sources tables would hold them). */
async function roomWithSource() {
  const dataRoom = await call('dataRooms.create', { title: 'Report room' });
  const library = new SourceLibraryFixture(api.context.workspace);
  const { sourceId, versionId } = library.addSource({ dataRoomId: dataRoom.id, title: 'Report', type: 'pdf', lines: PDF_LINES });
  return { dataRoom: await call('dataRooms.get', { dataRoomId: dataRoom.id }), library, sourceId, versionId };
}

describe('annotate RPC handlers', () => {
  it('cite lines 12–15 into a new chapter, reload, undo, redo (the e2e path)', async () => {
    const { dataRoom, sourceId, versionId } = await roomWithSource();
    expect(dataRoom.sources.map((s) => ({ id: s.id, type: s.type, lineCount: s.lineCount, latestVersionId: s.latestVersionId }))).toEqual([
      { id: sourceId, type: 'pdf', lineCount: 20, latestVersionId: versionId },
    ]);
    const withChapter = await call('chapters.create', { dataRoomId: dataRoom.id, title: 'Findings' });
    const chapterId = withChapter.chapters[0]?.id as string;
    const cited = await call('chapters.addCitation', { chapterId, versionId, startLine: 12, endLine: 15 });
    const citation = cited.chapters[0]?.citations[0];
    expect(citation && citationRef(citation)).toBe(`${sourceId}:12--15`);
    expect(citation?.quote).toBe(PDF_LINES.slice(11, 15).join('\n'));
    expect(cited.undoLabel).toBe('Add citation to “Findings”');

    // Reload: a new process opens the same workspace.
    await api.close();
    api = createApi(openWorkspace(dir));
    const reloaded = await call('dataRooms.get', { dataRoomId: dataRoom.id });
    expect(reloaded.chapters[0]?.citations).toEqual(cited.chapters[0]?.citations);

    const undone = await call('annotate.undo', { dataRoomId: dataRoom.id });
    expect(undone.chapters[0]?.citations).toEqual([]);
    expect(undone.redoLabel).toBe('Add citation to “Findings”');
    const redone = await call('annotate.redo', { dataRoomId: dataRoom.id });
    expect(redone.chapters[0]?.citations).toEqual(cited.chapters[0]?.citations);
  });

  it('lists, updates, moves, deletes and exports through the contract', async () => {
    const { dataRoom, versionId, sourceId } = await roomWithSource();
    const listed = await api.call('dataRooms.list', {});
    expect(listed.dataRooms.find((c) => c.id === dataRoom.id)).toMatchObject({ title: 'Report room', sourceCount: 1, chapterCount: 0 });

    await call('chapters.create', { dataRoomId: dataRoom.id, title: 'A' });
    const two = await call('chapters.create', { dataRoomId: dataRoom.id, title: 'B' });
    const [a, b] = two.chapters.map((c) => c.id) as [string, string];
    const inserted = await call('chapters.create', { dataRoomId: dataRoom.id, title: 'A2', afterChapterId: a });
    expect(inserted.chapters.map((c) => c.title)).toEqual(['A', 'A2', 'B']);
    const moved = await call('chapters.move', { chapterId: b, toIndex: 0 });
    expect(moved.chapters.map((c) => `${c.order}:${c.title}`)).toEqual(['0:B', '1:A', '2:A2']);
    const updated = await call('chapters.update', { chapterId: a, title: 'Alpha', instruction: 'Do A.' });
    expect(updated.chapters[1]).toMatchObject({ title: 'Alpha', instruction: 'Do A.' });
    const notes = await call('dataRooms.update', { dataRoomId: dataRoom.id, globalNotes: 'Notes.' });
    expect(notes.globalNotes).toBe('Notes.');

    const withCitation = await call('chapters.addCitation', { chapterId: a, versionId, startLine: 2, endLine: 2, quote: 'Paragraph 2' });
    const citationId = withCitation.chapters[1]?.citations[0]?.id as string;
    const contract = AnnotationContractSchema.parse(await api.call('dataRooms.export', { dataRoomId: dataRoom.id }));
    expect(contract.task_id).toBe(`course-${dataRoom.id}`);
    expect(contract.chapters[1]).toEqual({ title: 'Alpha', order: 1, instruction: 'Do A.', context_gt: [{ source_id: sourceId, start_line: 2, end_line: 2, quote: 'Paragraph 2' }] });

    const removed = await call('chapters.removeCitation', { citationId });
    expect(removed.chapters[1]?.citations).toEqual([]);
    const deleted = await call('chapters.delete', { chapterId: a });
    expect(deleted.chapters.map((c) => `${c.order}:${c.title}`)).toEqual(['0:B', '1:A2']);
    expect(deleted.undoLabel).toBe('Delete chapter “Alpha”');
  });

  it('answers unknown ids with not_found and bad lines or quotes with bad_request', async () => {
    const { dataRoom, versionId } = await roomWithSource();
    const { chapters } = await call('chapters.create', { dataRoomId: dataRoom.id, title: 'A' });
    const chapterId = chapters[0]?.id as string;
    for (const [method, input, id] of [
      ['dataRooms.get', { dataRoomId: 'missing-room' }, 'missing-room'],
      ['dataRooms.export', { dataRoomId: 'missing-room' }, 'missing-room'],
      ['annotate.undo', { dataRoomId: 'missing-room' }, 'missing-room'],
      ['chapters.update', { chapterId: 'missing-chapter', title: 'x' }, 'missing-chapter'],
      ['chapters.delete', { chapterId: 'missing-chapter' }, 'missing-chapter'],
      ['chapters.removeCitation', { citationId: 'missing-citation' }, 'missing-citation'],
      ['chapters.addCitation', { chapterId, versionId: 'missing-version', startLine: 1, endLine: 1 }, 'missing-version'],
    ] as const) {
      const error = await rpcErrorOf(api.call(method, input));
      expect(error.code, method).toBe('not_found');
      expect(error.message, method).toContain(id);
    }
    const outside = await rpcErrorOf(api.call('chapters.addCitation', { chapterId, versionId, startLine: 18, endLine: 21 }));
    expect(outside.code).toBe('bad_request');
    expect(outside.message).toMatch(/lines 18–21.*20 lines/);
    const misquoted = await rpcErrorOf(api.call('chapters.addCitation', { chapterId, versionId, startLine: 1, endLine: 2, quote: 'Paragraph 9' }));
    expect(misquoted.code).toBe('bad_request');
    // The contract's own checks run first.
    const reversed = await rpcErrorOf(api.call('chapters.addCitation', { chapterId, versionId, startLine: 3, endLine: 2 }));
    expect(reversed.code).toBe('bad_request');
    expect(reversed.message).toContain('endLine');
  });

  it('serves the citations of a re-imported source after re-anchoring, read through the workspace reader', async () => {
    const { dataRoom, library, sourceId, versionId } = await roomWithSource();
    const { chapters } = await call('chapters.create', { dataRoomId: dataRoom.id, title: 'A' });
    await call('chapters.addCitation', { chapterId: chapters[0]!.id, versionId, startLine: 5, endLine: 5 });
    const v2 = library.addVersion(sourceId, ['Executive summary.', ...PDF_LINES]);
    expect(reanchorCitations(annotateDeps(api.context), sourceId, v2)).toMatchObject({ reanchored: 1, orphaned: 0 });
    const detail = await call('dataRooms.get', { dataRoomId: dataRoom.id });
    expect(detail.sources[0]).toMatchObject({ latestVersionId: v2, version: 2, lineCount: 21 });
    expect(detail.chapters[0]?.citations[0]).toMatchObject({ versionId: v2, startLine: 6, endLine: 6, status: 'reanchored', quote: 'Paragraph 5 of the report.' });
  });
});
