import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RpcInput, RpcMethod } from '../../../schemas/rpc.ts';
import { SourceLibraryFixture } from '../../annotate/source-library.fixture.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { createApi, type Api } from '../create-api.ts';
import { rpcErrorOf } from '../rpc-error-of.fixture.ts';

let dir: string;
let api: Api;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-plans-api-'));
  api = createApi(openWorkspace(dir));
});
afterEach(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = <M extends RpcMethod>(method: M, input: RpcInput<M>) => api.call(method, input);

/** Two annotators plan the same room in turn: Ana cites lines 1–10 under "Setup", Bo 6–15 under "setup". */
async function twoPlans() {
  const room = await call('dataRooms.create', { title: 'Admin guide' });
  const library = new SourceLibraryFixture(api.context.workspace);
  const { versionId } = library.addSource({ dataRoomId: room.id, title: 'Guide', lines: Array.from({ length: 30 }, (_, i) => `Guide line ${i + 1}.`) });
  let detail = await call('chapters.create', { dataRoomId: room.id, title: 'Setup' });
  const chapterId = detail.chapters[0]!.id;
  detail = await call('chapters.addCitation', { chapterId, versionId, startLine: 1, endLine: 10 });
  await call('plans.submit', { dataRoomId: room.id, annotator: 'Ana' });
  await call('chapters.removeCitation', { citationId: detail.chapters[0]!.citations[0]!.id });
  await call('chapters.update', { chapterId, title: 'setup' });
  await call('chapters.addCitation', { chapterId, versionId, startLine: 6, endLine: 15 });
  await call('plans.submit', { dataRoomId: room.id, annotator: 'Bo' });
  return { roomId: room.id, chapterId, versionId };
}

describe('plans.* RPC: an SME team compares and approves chapter plans', () => {
  it('keeps each annotator’s submitted plan and compares two: both cited lines 6–10, Jaccard 5/15', async () => {
    const { roomId } = await twoPlans();
    const { submissions } = await call('plans.list', { dataRoomId: roomId });
    expect(submissions.map((s) => [s.annotator, s.chapterCount, s.citationCount, s.approval, s.matchesWorkingPlan])).toEqual([
      ['Ana', 1, 1, null, false],
      ['Bo', 1, 1, null, true],
    ]);
    const comparison = await call('plans.compare', { dataRoomId: roomId, annotatorA: 'ana', annotatorB: 'Bo' });
    expect(comparison.a.annotator).toBe('Ana');
    const [setup] = comparison.chapters;
    expect([setup!.a?.title, setup!.b?.title, setup!.matchedBy]).toEqual(['Setup', 'setup', 'title']);
    expect(setup!.both.map((g) => [g.a.map((s) => [s.startLine, s.endLine]), g.b.map((s) => [s.startLine, s.endLine])])).toEqual([[[[1, 10]], [[6, 15]]]]);
    expect(comparison.overall).toEqual({ a: 10, b: 10, both: 5, either: 15, jaccard: 5 / 15, dice: 0.5 });
    expect(comparison.bySource.map((s) => s.sourceTitle)).toEqual(['Guide']);
  });

  it('a reviewer approves a plan (who and when); it can be un-approved; submitting it again says the approval was cleared', async () => {
    const { roomId } = await twoPlans();
    const approved = await call('plans.approve', { dataRoomId: roomId, annotator: 'Bo', reviewer: 'Rui' });
    expect(approved.approval?.by).toBe('Rui');
    expect(Date.parse(approved.approval!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await rpcErrorOf(api.call('plans.approve', { dataRoomId: roomId, annotator: 'Bo', reviewer: 'Eve' }))).message).toMatch(/already approved by Rui/);

    const again = await call('plans.submit', { dataRoomId: roomId, annotator: 'bo' });
    expect(again.clearedApproval?.by).toBe('Rui');
    expect(again.submission.approval).toBeNull();

    await call('plans.approve', { dataRoomId: roomId, annotator: 'Ana', reviewer: 'Rui' });
    const unapproved = await call('plans.unapprove', { dataRoomId: roomId, annotator: 'Ana' });
    expect(unapproved.approval).toBeNull();
  });

  it('names what is missing: an unknown annotator, the same plan twice, a blank reviewer', async () => {
    const { roomId } = await twoPlans();
    const unknown = await rpcErrorOf(api.call('plans.compare', { dataRoomId: roomId, annotatorA: 'Ana', annotatorB: 'Cy' }));
    expect(unknown.message).toMatch(/Cy has not submitted a plan .*Admin guide.*Ana, Bo/);
    expect((await rpcErrorOf(api.call('plans.compare', { dataRoomId: roomId, annotatorA: 'Ana', annotatorB: 'ANA' }))).message).toMatch(/two different annotators/);
    expect((await rpcErrorOf(api.call('plans.approve', { dataRoomId: roomId, annotator: 'Ana', reviewer: '  ' }))).code).toBe('bad_request');
  });
});
