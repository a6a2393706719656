import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../../../schemas/jobs.ts';
import type { RpcInput, RpcMethod } from '../../../schemas/rpc.ts';
import { importJobResult } from '../../sources/import-job.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { createApi, type Api } from '../create-api.ts';
import { rpcErrorOf } from '../rpc-error-of.fixture.ts';

const DEMO = new URL('../../../datasets/demo/sources/', import.meta.url);

let dir: string;
let files: string;
let api: Api;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-sources-api-'));
  files = join(dir, 'files');
  mkdirSync(files);
  api = createApi(openWorkspace(join(dir, 'workspace')));
});
afterEach(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = <M extends RpcMethod>(method: M, input: RpcInput<M>) => api.call(method, input);


/** Runs an import call to the end and returns its job as the tray would show it. */
async function finishedJob<M extends 'sources.importPaths' | 'sources.importFiles'>(method: M, input: RpcInput<M>): Promise<Job> {
  const { jobId } = await call(method, input);
  await api.context.jobs.idle();
  const { jobs } = await call('jobs.list', { limit: 500 });
  return jobs.find((job) => job.id === jobId)!;
}

describe('sources RPC handlers', () => {
  it('imports the demo sources folder as a job, then lists, opens, reads and searches them', async () => {
    const job = await finishedJob('sources.importPaths', { paths: [new URL('.', DEMO).pathname] });
    expect(job).toMatchObject({ kind: 'sources.import', title: 'Import sources', state: 'succeeded', done: 4, total: 4 });
    expect(job.failed).toBeUndefined();
    expect(job.message).toBe('Imported 4 sources');

    // Only the sources outside any data room: a seeded demo data room may hold copies of the same files.
    const sources = (await call('sources.list', {})).sources;
    expect(sources.map((s) => [s.originalName, s.type, s.version]).sort()).toEqual([
      ['dashboard-brief.md', 'markdown', 1],
      ['dashboard-review.pdf', 'pdf', 1],
      ['operations-lead-interview.txt', 'text', 1],
      ['scoring-guide.html', 'web', 1],
    ]);

    const pdf = sources.find((s) => s.type === 'pdf')!;
    const detail = await call('sources.get', { sourceId: pdf.id });
    expect(detail.source).toEqual(pdf);
    expect(detail.version).toMatchObject({ id: pdf.latestVersionId, version: 1, lineCount: 56, pages: [{ page: 1 }, { page: 2 }, { page: 3 }] });
    expect(detail.version.sections[1]).toEqual({ title: 'Method', level: 2, startLine: 6, endLine: 23 });
    expect(detail.versions).toEqual([{ id: pdf.latestVersionId, version: 1, createdAt: expect.any(String) }]);

    const lines = await call('sources.lines', { versionId: pdf.latestVersionId, start: 14, end: 17 });
    expect(lines.start).toBe(14);
    expect(lines.lineCount).toBe(56);
    expect(lines.lines[0]).toBe('- Do the regional totals add up to the weekly total?');
    expect(lines.lines).toHaveLength(4);
    expect(lines.pages).toEqual([{ page: 1, startLine: 1, endLine: 22 }]);
    const acrossPages = await call('sources.lines', { versionId: pdf.latestVersionId, start: 22, end: 24 });
    expect(acrossPages.lines).toEqual([expect.stringMatching(/^No reviewer changed the data/), '', '## Findings']);
    expect(acrossPages.pages).toEqual([
      { page: 1, startLine: 1, endLine: 22 },
      { page: 2, startLine: 24, endLine: 40 },
    ]);

    const found = await call('sources.find', { versionId: pdf.latestVersionId, query: 'REGIONAL' });
    expect(found.total).toBeGreaterThan(2);
    expect(found.matches[0]).toEqual({ line: 14, column: 10 }); // "- Do the regional…"
  });

  it('re-imports a changed file as version 2 and still serves version 1', async () => {
    const path = join(files, 'notes.md');
    writeFileSync(path, '# Notes\n\nFirst.\n');
    await finishedJob('sources.importPaths', { paths: [path] });
    writeFileSync(path, '# Notes\n\nSecond.\n');
    const job = await finishedJob('sources.importPaths', { paths: [path] });
    expect(job.message).toBe('Imported 1 new version');
    const detail = await call('sources.get', { sourceId: 'notes' });
    expect(detail.versions.map((v) => v.version)).toEqual([2, 1]);
    const old = await call('sources.get', { sourceId: 'notes', versionId: detail.versions[1]!.id });
    expect(old.version.version).toBe(1);
    const oldLines = await call('sources.lines', { versionId: old.version.id, start: 3, end: 3 });
    expect(oldLines.lines).toEqual(['First.']);
  });

  it('imports uploaded blobs, reporting a missing upload by name while the rest imports', async () => {
    const { blobs } = api.context.workspace;
    const uploaded = blobs.put(readFileSync(new URL('scoring-guide.html', DEMO)));
    const job = await finishedJob('sources.importFiles', {
      files: [
        { name: 'scoring-guide.html', blobSha256: uploaded.sha256 },
        { name: 'never-sent.pdf', blobSha256: 'cd'.repeat(32) },
      ],
    });
    expect(job.state).toBe('succeeded');
    expect(job.failed).toBe(1); // what the screen shows as a partial import
    expect(job.message).toMatch(/^Imported 1 source; 1 failed: never-sent\.pdf was not uploaded/);
    const result = importJobResult(api.context.jobs, job.id)!;
    expect(result.outcomes.map((o) => o.status)).toEqual(['added', 'failed']);
  });

  it('fails the job, with every reason, when no file could be imported', async () => {
    writeFileSync(join(files, 'empty.pdf'), '');
    const job = await finishedJob('sources.importPaths', { paths: [join(files, 'empty.pdf'), join(files, 'missing.txt')] });
    expect(job.state).toBe('failed');
    expect(job.message).toMatch(/^Imported nothing; 2 failed: .*missing\.txt does not exist.*; empty\.pdf is empty/);
  });

  it('fails the job when a folder holds nothing to import', async () => {
    writeFileSync(join(files, 'logo.png'), 'png');
    const job = await finishedJob('sources.importPaths', { paths: [files] });
    expect(job).toMatchObject({ state: 'failed', message: expect.stringMatching(/^No files to import: found no PDF, HTML, Markdown or text files \(only 1 other file\)/) });
  });

  it("answers an unknown data room, source or version with 'not_found' naming the id", async () => {
    const dataRoom = await rpcErrorOf(call('sources.importPaths', { paths: [files], dataRoomId: 'room-9' }));
    expect([dataRoom.code, dataRoom.message]).toEqual(['not_found', expect.stringContaining('room-9')]);
    for (const [method, input, id] of [
      ['sources.get', { sourceId: 'ghost' }, 'ghost'],
      ['sources.lines', { versionId: 'v-ghost', start: 1, end: 2 }, 'v-ghost'],
      ['sources.find', { versionId: 'v-ghost2', query: 'x' }, 'v-ghost2'],
    ] as const) {
      const error = await rpcErrorOf(call(method, input));
      expect([method, error.code, error.message.includes(id)]).toEqual([method, 'not_found', true]);
    }
  });

  it('refuses a version of another source, and a window wider than the contract allows', async () => {
    writeFileSync(join(files, 'a.md'), 'a\n');
    writeFileSync(join(files, 'b.md'), 'b\n');
    await finishedJob('sources.importPaths', { paths: [join(files, 'a.md'), join(files, 'b.md')] });
    const b = await call('sources.get', { sourceId: 'b' });
    expect((await rpcErrorOf(call('sources.get', { sourceId: 'a', versionId: b.version.id }))).code).toBe('not_found');
    const wide = await rpcErrorOf(call('sources.lines', { versionId: b.version.id, start: 1, end: 5001 }));
    expect([wide.code, wide.message]).toEqual(['bad_request', expect.stringContaining('at most 5000 lines')]);
  });

  it('imports into a data room and lists only that data room\'s sources when asked', async () => {
    writeFileSync(join(files, 'in-room.md'), '# In the room\n');
    writeFileSync(join(files, 'loose.md'), '# Outside\n');
    // Without a data room, an import lands in the project's first data room, made when there is none.
    await finishedJob('sources.importPaths', { paths: [join(files, 'loose.md')] });
    const { dataRooms } = await call('dataRooms.list', {});
    expect(dataRooms.map((c) => [c.title, c.sourceCount])).toEqual([['Data room', 1]]);
    const dataRoom = await call('dataRooms.create', { title: 'Room for the test' });
    await finishedJob('sources.importPaths', { paths: [join(files, 'in-room.md')], dataRoomId: dataRoom.id });
    const { sources: inRoom } = await call('sources.list', { dataRoomId: dataRoom.id });
    const { sources: all } = await call('sources.list', {});
    expect(inRoom.map((s) => [s.id, s.dataRoomId])).toEqual([['in-room', dataRoom.id]]);
    expect(all.map((s) => s.id)).toEqual(expect.arrayContaining(['in-room', 'loose']));
    expect(await call('sources.list', { dataRoomId: 'no-such-room' })).toEqual({ sources: [] });
  });

  it('re-importing a changed file re-anchors the citations of the old version by their quotes', async () => {
    writeFileSync(join(files, 'notes.md'), '# Notes\n\nThe totals must agree.\n\nOther text.\n');
    await finishedJob('sources.importPaths', { paths: [join(files, 'notes.md')] });
    const [room] = (await call('dataRooms.list', {})).dataRooms;
    const withChapter = await call('chapters.create', { dataRoomId: room!.id, title: 'Totals' });
    const v1 = (await call('sources.get', { sourceId: 'notes' })).version;
    await call('chapters.addCitation', { chapterId: withChapter.chapters[0]!.id, versionId: v1.id, startLine: 3, endLine: 3 });

    writeFileSync(join(files, 'notes.md'), '# Notes\n\nA new opening paragraph.\n\nThe totals must agree.\n\nOther text.\n');
    await finishedJob('sources.importPaths', { paths: [join(files, 'notes.md')] });
    const after = await call('dataRooms.get', { dataRoomId: room!.id });
    const [citation] = after.chapters[0]!.citations;
    const v2 = (await call('sources.get', { sourceId: 'notes' })).version;
    expect(v2.version).toBe(2);
    expect(citation).toMatchObject({ versionId: v2.id, startLine: 5, endLine: 5, status: 'reanchored', quote: 'The totals must agree.' });
  });
});
