import { NORMALISER_VERSIONS } from '../../sources/normaliser-version.ts';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RpcInput, RpcMethod } from '../../../schemas/rpc.ts';
import { importJobResult } from '../../sources/import-job.ts';
import { storeImportedSource } from '../../sources/store-imported-source.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { createApi, type Api } from '../create-api.ts';

const DEMO_PDF = readFileSync(new URL('../../../datasets/demo/sources/dashboard-review.pdf', import.meta.url));

let dir: string;
let api: Api;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-renormalise-api-'));
  api = createApi(openWorkspace(join(dir, 'workspace')));
});
afterEach(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = <M extends RpcMethod>(method: M, input: RpcInput<M>) => api.call(method, input);

describe('sources.renormalise', () => {
  it('re-reads a PDF an older normaliser made as a new version and moves its citations there by their quotes', async () => {
    const dataRoom = await call('dataRooms.create', { title: 'Review room' });
    // The demo PDF as normaliser version 1 left it: the cited sentence on line 3.
    const markdown = '# Reviewing an agent-built operations dashboard\n\nThe whole evaluation took about forty minutes per reviewer.\n';
    const { outcome } = await storeImportedSource(api.context.workspace, {
      dataRoomId: dataRoom.id,
      name: 'dashboard-review.pdf',
      type: 'pdf',
      original: DEMO_PDF,
      sizeBytes: DEMO_PDF.byteLength,
      sha256: createHash('sha256').update(DEMO_PDF).digest('hex'),
      indexed: { title: null, markdown, markdownSha256: createHash('sha256').update(markdown).digest('hex'), markdownBytes: Buffer.byteLength(markdown), pages: [], lineCount: 3, sections: [] },
      createdAt: new Date().toISOString(),
      normaliserVersion: 1,
    });
    if (outcome.status !== 'added') throw new Error(outcome.status);
    const room = await call('chapters.create', { dataRoomId: dataRoom.id, title: 'Timing' });
    await call('chapters.addCitation', { chapterId: room.chapters[0]!.id, versionId: outcome.versionId, startLine: 3, endLine: 3 });

    const { jobId } = await call('sources.renormalise', {});
    await api.context.jobs.idle();
    const result = importJobResult(api.context.jobs, jobId)!;
    expect(result.outcomes).toEqual([
      { status: 'new-version', name: 'dashboard-review.pdf', sourceId: outcome.sourceId, versionId: expect.any(String), version: 2, citations: { reanchored: 1, moved: 1, orphaned: 0, orphans: [] } },
    ]);
    const { jobs } = await call('jobs.list', { limit: 50 });
    expect(jobs.find((job) => job.id === jobId)).toMatchObject({ title: 'Re-read all sources', state: 'succeeded' });

    const v2 = (await call('sources.get', { sourceId: outcome.sourceId })).version;
    expect(v2).toMatchObject({ version: 2, normaliserVersion: NORMALISER_VERSIONS.pdf });
    const lines = await call('sources.lines', { versionId: v2.id, start: 1, end: v2.lineCount });
    const line = lines.lines.indexOf('The whole evaluation took about forty minutes per reviewer.') + 1;
    expect(line).toBeGreaterThan(3);
    const [citation] = (await call('dataRooms.get', { dataRoomId: dataRoom.id })).chapters[0]!.citations;
    expect(citation).toMatchObject({ versionId: v2.id, startLine: line, endLine: line, status: 'reanchored', quote: 'The whole evaluation took about forty minutes per reviewer.' });
    expect(lines.pages?.find((span) => span.startLine <= line && line <= span.endLine)?.page).toBe(1);
  });
});
