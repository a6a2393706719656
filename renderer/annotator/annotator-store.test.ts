import { describe, expect, it } from 'vitest';
import type { Chapter, DataRoomDetail } from '../../schemas/annotate.ts';
import type { Job } from '../../schemas/jobs.ts';
import type { AppEvent } from '../../schemas/jobs.ts';
import type { RpcClient, RpcInput, RpcMethod, RpcOutput } from '../../schemas/rpc.ts';
import type { SourceSummary, SourceVersion } from '../../schemas/sources.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';
import { createAnnotatorStore } from './annotator-store.ts';

const source: SourceSummary = {
  id: 'src1', dataRoomId: 'c1', title: 'Guide', type: 'pdf', originalName: 'guide.pdf', latestVersionId: 'v1',
  version: 1, sha256: 'a'.repeat(64), lineCount: 40, createdAt: '2025-01-01T00:00:00Z',
};
const version: SourceVersion = {
  id: 'v1', sourceId: 'src1', version: 1, sha256: 'a'.repeat(64), markdownSha256: 'b'.repeat(64), lineCount: 40,
  sections: [{ title: 'Intro', level: 1, startLine: 1, endLine: 40 }], pages: [], createdAt: '2025-01-01T00:00:00Z',
};

type Handlers = { [M in RpcMethod]?: (input: RpcInput<M>) => RpcOutput<M> | Promise<RpcOutput<M>> };

/** An in-memory stand-in for core: a data room whose chapters change as the calls say. */
function fakeCore() {
  const calls: { method: string; input: unknown }[] = [];
  const listeners = new Set<(event: AppEvent) => void>();
  let dataRoom: DataRoomDetail = { id: 'c1', title: 'Room', globalNotes: '', sources: [source], chapters: [], annotator: null, plansShared: false, otherPlans: [], undoLabel: null, redoLabel: null, updatedAt: '' };
  const history: DataRoomDetail[] = [];
  const future: DataRoomDetail[] = [];
  const change = (label: string, next: Omit<DataRoomDetail, 'undoLabel' | 'redoLabel'>) => {
    history.push(dataRoom);
    future.length = 0;
    dataRoom = { ...next, undoLabel: label, redoLabel: null };
    return dataRoom;
  };
  const chapter = (id: string, title: string, order: number): Chapter => ({ id, dataRoomId: 'c1', order, title, instruction: '', designNotes: '', citations: [], updatedAt: '' });
  const handlers: Handlers = {
    'dataRooms.list': () => ({ dataRooms: [{ id: 'c1', title: 'Room', sourceCount: 1, chapterCount: 0, updatedAt: '' }] }),
    'dataRooms.get': () => dataRoom,
    'sources.get': () => ({ source, version, versions: [{ id: 'v1', version: 1, createdAt: '' }] }),
    'sources.lines': ({ start, end }) => ({ start, lineCount: 40, lines: Array.from({ length: Math.min(end, 40) - start + 1 }, (_, i) => `text of line ${start + i}`) }),
    'chapters.create': ({ title }) => change(`Add ${title}`, { ...dataRoom, chapters: [...dataRoom.chapters, chapter(`ch${dataRoom.chapters.length + 1}`, title, dataRoom.chapters.length)] }),
    'chapters.addCitation': ({ chapterId, versionId, startLine, endLine, quote, startChar, endChar }) =>
      change('Add citation', {
        ...dataRoom,
        chapters: dataRoom.chapters.map((c) =>
          c.id !== chapterId
            ? c
            : { ...c, citations: [...c.citations, { id: 'cit1', chapterId, sourceId: 'src1', versionId, sourceSha256: '', startLine, endLine, quote: quote ?? '', startChar: startChar ?? null, endChar: endChar ?? null, prefix: '', suffix: '', status: 'ok', createdAt: '' }] },
        ),
      }),
    'annotate.undo': () => {
      future.push({ ...dataRoom });
      dataRoom = { ...history.pop()!, redoLabel: 'Add citation' };
      return dataRoom;
    },
    'annotate.redo': () => {
      history.push(dataRoom);
      dataRoom = { ...future.pop()!, undoLabel: 'Add citation', redoLabel: null };
      return dataRoom;
    },
    'chapters.delete': () => {
      throw new RpcCallError('not_found', 'No chapter "x": it was deleted in another window. Reload to see the plan as saved.');
    },
    'sources.importFiles': () => ({ jobId: 'job1' }),
    'dataRooms.update': ({ globalNotes, plansShared }) => (dataRoom = { ...dataRoom, globalNotes: globalNotes ?? dataRoom.globalNotes, plansShared: plansShared ?? dataRoom.plansShared }),
  };
  const client: RpcClient = {
    async call<M extends RpcMethod>(method: M, input: RpcInput<M>): Promise<RpcOutput<M>> {
      calls.push({ method, input });
      const handler = handlers[method] as ((input: RpcInput<M>) => RpcOutput<M>) | undefined;
      if (!handler) throw new Error(`unexpected call ${method}`);
      return handler(input);
    },
    async putBlob(bytes) {
      calls.push({ method: 'putBlob', input: bytes.byteLength });
      return { sha256: String(bytes.byteLength).padStart(64, '0'), sizeBytes: bytes.byteLength };
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const emit = (job: Partial<Job>) => {
    const full: Job = { id: 'job1', kind: 'import', title: 'Import', state: 'running', done: 0, total: 0, message: '', createdAt: '', updatedAt: '', ...job };
    for (const listener of listeners) listener({ type: 'job', job: full });
  };
  const send = (event: AppEvent) => listeners.forEach((listener) => listener(event));
  const otherPlan = (annotator: string, title: string) => (dataRoom = { ...dataRoom, plansShared: true, otherPlans: [{ annotator, chapters: [chapter('x1', title, 0)], globalNotes: '' }] });
  return { client, calls, emit, send, otherPlan, handlers, addSource: (extra: SourceSummary) => (dataRoom = { ...dataRoom, sources: [...dataRoom.sources, extra] }) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await settle();
  expect(check()).toBe(true);
}

describe('annotator store', () => {
  it('opens the only data room and its first source, asking for the first lines before the index arrives', async () => {
    const core = fakeCore();
    const store = createAnnotatorStore();
    store.getState().connect(core.client);
    await until(() => store.getState().doc !== undefined);
    const methods = core.calls.map((c) => c.method);
    expect(methods.slice(0, 2)).toEqual(['dataRooms.list', 'dataRooms.get']);
    expect(methods.indexOf('sources.lines')).toBeLessThan(methods.indexOf('sources.get'));
    expect(store.getState().phase).toBe('ready');
    await until(() => store.getState().doc!.lines.getLine(12) === 'text of line 12');
  });

  it('cites a selection into a new "Chapter 1" when the plan has none, then undoes and redoes it', async () => {
    const core = fakeCore();
    const store = createAnnotatorStore();
    store.getState().connect(core.client);
    await until(() => store.getState().doc !== undefined);
    store.getState().setSelection({ startLine: 12, endLine: 15, startChar: 5, endChar: 7, quote: 'of line 12 … text of' });
    await store.getState().citeSelection();
    const chapter = store.getState().dataRoom!.chapters[0]!;
    expect(chapter.title).toBe('Chapter 1');
    expect(store.getState().activeChapterId).toBe(chapter.id);
    expect(core.calls.find((c) => c.method === 'chapters.addCitation')?.input).toEqual({ chapterId: 'ch1', versionId: 'v1', startLine: 12, endLine: 15, startChar: 5, endChar: 7 });
    expect(chapter.citations.map((c) => [c.startLine, c.endLine])).toEqual([[12, 15]]);
    expect(store.getState().selection).toBeUndefined();
    expect(store.getState().announcement).toBe('Cited L12–15 into "Chapter 1"');

    await store.getState().undo();
    expect(store.getState().dataRoom!.chapters[0]!.citations).toEqual([]);
    expect(store.getState().dataRoom!.redoLabel).toBe('Add citation');
    await store.getState().redo();
    expect(store.getState().dataRoom!.chapters[0]!.citations).toHaveLength(1);
  });

  it('shows a citation as saving until core confirms it, and drops it if core refuses', async () => {
    const core = fakeCore();
    const store = createAnnotatorStore();
    store.getState().connect(core.client);
    await until(() => store.getState().doc !== undefined);
    await store.getState().addChapter();
    const answer = core.handlers['chapters.addCitation']!;
    let release = () => {};
    core.handlers['chapters.addCitation'] = (input) => new Promise((resolve) => (release = () => resolve(answer(input))));
    store.getState().setSelection({ startLine: 4, endLine: 6, startChar: 0, endChar: 4, quote: 'four to six' });
    const citing = store.getState().citeSelection();
    await until(() => store.getState().pendingCitation !== undefined);
    expect(store.getState().pendingCitation).toEqual({ chapterId: 'ch1', sourceId: 'src1', versionId: 'v1', startLine: 4, endLine: 6, quote: 'four to six', startChar: 0, endChar: 4 });
    release();
    await citing;
    expect(store.getState().pendingCitation).toBeUndefined();
    expect(store.getState().dataRoom!.chapters[0]!.citations).toHaveLength(1);

    core.handlers['chapters.addCitation'] = () => {
      throw new RpcCallError('bad_request', 'Lines 4–6 are past the end of this version (3 lines).');
    };
    store.getState().setSelection({ startLine: 4, endLine: 6 });
    await store.getState().citeSelection();
    expect(store.getState().pendingCitation).toBeUndefined();
    expect(store.getState().error).toBe('Could not cite the selected lines: Lines 4–6 are past the end of this version (3 lines).');
  });

  it('cites whole lines as their plain text, first character to last, for a keyboard selection', async () => {
    const core = fakeCore();
    const store = createAnnotatorStore();
    store.getState().connect(core.client);
    await until(() => store.getState().doc?.lines.getLine(3) !== undefined);
    await store.getState().addChapter();
    store.getState().setSelection({ startLine: 2, endLine: 3 });
    await store.getState().citeSelection();
    expect(core.calls.find((c) => c.method === 'chapters.addCitation')?.input).toEqual({ chapterId: 'ch1', versionId: 'v1', startLine: 2, endLine: 3, startChar: 0, endChar: 'text of line 3'.length });
  });

  it('shows what the server said when an edit is refused, and keeps the data room as it was', async () => {
    const core = fakeCore();
    const store = createAnnotatorStore();
    store.getState().connect(core.client);
    await until(() => store.getState().phase === 'ready');
    await store.getState().deleteChapter('x');
    expect(store.getState().error).toBe('Could not delete the chapter: No chapter "x": it was deleted in another window. Reload to see the plan as saved.');
  });

  it('uploads each file, imports them into the data room and refreshes the sources when the job ends', async () => {
    const core = fakeCore();
    const store = createAnnotatorStore();
    store.getState().connect(core.client);
    await until(() => store.getState().phase === 'ready');
    const file = (name: string, size: number) => ({ name, size, arrayBuffer: async () => new ArrayBuffer(size) });
    await store.getState().importFiles([file('a.pdf', 3), file('b.html', 5)]);
    expect(core.calls.filter((c) => c.method === 'putBlob').map((c) => c.input)).toEqual([3, 5]);
    expect(core.calls.find((c) => c.method === 'sources.importFiles')?.input).toEqual({
      dataRoomId: 'c1',
      files: [
        { name: 'a.pdf', blobSha256: '3'.padStart(64, '0') },
        { name: 'b.html', blobSha256: '5'.padStart(64, '0') },
      ],
    });
    expect(store.getState().importState?.phase).toBe('importing');
    core.addSource({ ...source, id: 'src2', title: 'B page', type: 'web' });
    core.emit({ state: 'failed', message: '1 imported; b.html failed: the page has no text.' });
    await until(() => store.getState().importState?.phase === 'failed');
    expect(store.getState().importState?.message).toBe('1 imported; b.html failed: the page has no text.');
    await until(() => store.getState().dataRoom!.sources.length === 2);
  });

  it('shows an import that kept some files and failed others as partial, by the count of failed files the job carries', async () => {
    const core = fakeCore();
    const store = createAnnotatorStore();
    store.getState().connect(core.client);
    await until(() => store.getState().phase === 'ready');
    const file = (name: string, size: number) => ({ name, size, arrayBuffer: async () => new ArrayBuffer(size) });
    await store.getState().importFiles([file('a.pdf', 3), file('b.html', 5)]);
    core.emit({ state: 'succeeded', failed: 1, message: 'Imported a.pdf. Could not read b.html: the page has no text.' });
    await until(() => store.getState().importState?.phase === 'partial');
    expect(store.getState().importState?.message).toBe('Imported a.pdf. Could not read b.html: the page has no text.');
  });

  it('catches an import job that ends before its start call answers', async () => {
    const core = fakeCore();
    const store = createAnnotatorStore();
    store.getState().connect(core.client);
    await until(() => store.getState().phase === 'ready');
    core.handlers['sources.importFiles'] = () => {
      core.emit({ state: 'succeeded', message: 'Imported 1 file.' });
      return { jobId: 'job1' };
    };
    await store.getState().importFiles([{ name: 'a.md', size: 1, arrayBuffer: async () => new ArrayBuffer(1) }]);
    await until(() => store.getState().importState?.phase === 'done');
  });

  it('refuses files over the size limit before uploading them', async () => {
    const core = fakeCore();
    const store = createAnnotatorStore();
    store.getState().connect(core.client);
    await until(() => store.getState().phase === 'ready');
    await store.getState().importFiles([{ name: 'huge.pdf', size: 300 * 1024 * 1024, arrayBuffer: async () => new ArrayBuffer(0) }]);
    expect(store.getState().importState).toEqual({ phase: 'failed', message: 'Nothing imported. Too large: huge.pdf (300 MiB; the limit is 200 MiB).' });
    expect(core.calls.some((c) => c.method === 'putBlob')).toBe(false);
  });

  it('expands a collapsed section and asks the viewer to scroll when a line is revealed', async () => {
    const core = fakeCore();
    const store = createAnnotatorStore();
    store.getState().connect(core.client);
    await until(() => store.getState().doc !== undefined);
    store.getState().toggleSection(0);
    expect([...store.getState().collapsed]).toEqual([0]);
    store.getState().revealLines(20, 22, true);
    expect([...store.getState().collapsed]).toEqual([]);
    expect(store.getState().highlight).toEqual({ startLine: 20, endLine: 22 });
    expect(store.getState().scrollRequest?.line).toBe(20);
  });

  it("writes to the plan of whoever is annotating: their name goes with every write and undo, and typed notes go to the plan they were typed into", async () => {
    const core = fakeCore();
    const store = createAnnotatorStore();
    store.getState().connect(core.client);
    await until(() => store.getState().phase === 'ready');
    expect(core.calls.find((c) => c.method === 'dataRooms.get')!.input).toEqual({ dataRoomId: 'c1' });
    await store.getState().switchPlanAnnotator('Ada');
    expect(store.getState().planAnnotator).toBe('Ada');
    expect(core.calls.at(-1)).toEqual({ method: 'dataRooms.get', input: { dataRoomId: 'c1', annotator: 'Ada' } });
    await store.getState().addChapter();
    await store.getState().undo();
    const inputOf = (method: string) => core.calls.filter((c) => c.method === method).at(-1)!.input as { annotator?: string };
    expect(inputOf('chapters.create').annotator).toBe('Ada');
    expect(inputOf('annotate.undo').annotator).toBe('Ada');
    // Notes typed into Ada's plan and saved after a switch to Ben go to Ada's plan, not Ben's on screen.
    await store.getState().switchPlanAnnotator('Ben');
    await store.getState().saveNotes('Ada thinks in chapters.', 'Ada');
    expect(inputOf('dataRooms.update')).toEqual({ dataRoomId: 'c1', annotator: 'Ada', globalNotes: 'Ada thinks in chapters.' });
    expect(store.getState().planAnnotator).toBe('Ben');
    // Back to the workspace owner's own plan: no name is sent.
    await store.getState().switchPlanAnnotator(null);
    await store.getState().setPlansShared(true);
    expect(inputOf('dataRooms.update')).toEqual({ dataRoomId: 'c1', plansShared: true });
    expect(store.getState().dataRoom?.plansShared).toBe(true);
  });

  it("reads the open room again when one of its plans changes elsewhere (an SME's write, a curator's decision), not another room's", async () => {
    const core = fakeCore();
    const store = createAnnotatorStore();
    store.getState().connect(core.client);
    await until(() => store.getState().phase === 'ready');
    const reads = () => core.calls.filter((c) => c.method === 'dataRooms.get').length;
    const before = reads();
    core.otherPlan('Ben', 'Ben: Charts');
    core.send({ type: 'plan-changed', dataRoomId: 'elsewhere', what: 'plan', annotatorId: 'a2' });
    await settle();
    expect(reads()).toBe(before);
    core.send({ type: 'plan-changed', dataRoomId: 'c1', what: 'plan', annotatorId: 'a2' });
    await until(() => store.getState().dataRoom?.otherPlans[0]?.chapters[0]?.title === 'Ben: Charts');
    // A burst of changes while one read is under way makes one more read, not one each.
    const burst = reads();
    for (let i = 0; i < 5; i++) core.send({ type: 'plan-changed', dataRoomId: 'c1', what: 'gold', annotatorId: null });
    await until(() => reads() === burst + 2);
    for (let i = 0; i < 20; i++) await settle();
    expect(reads()).toBe(burst + 2);
  });

  it("opens an SME's link on their one room and plan, never asking for the workspace's rooms, and cannot switch plans or share them", async () => {
    const core = fakeCore();
    const store = createAnnotatorStore();
    const invite = { role: 'annotator' as const, annotatorId: 'a2', annotatorName: 'Ben', dataRoomId: 'c1', dataRoomTitle: 'Room', expiresAt: '2030-01-01T00:00:00.000Z' };
    store.getState().connect(core.client, invite);
    await until(() => store.getState().doc !== undefined);
    expect(core.calls[0]).toEqual({ method: 'dataRooms.get', input: { dataRoomId: 'c1', annotator: 'Ben' } });
    await store.getState().refreshDataRoom();
    await store.getState().switchPlanAnnotator('Ada');
    await store.getState().setPlansShared(true);
    expect(store.getState().planAnnotator).toBe('Ben');
    const methods = core.calls.map((c) => c.method);
    expect(methods).not.toContain('dataRooms.list');
    expect(methods).not.toContain('dataRooms.update');
    expect(core.calls.filter((c) => c.method === 'dataRooms.get').every((c) => (c.input as { annotator?: string }).annotator === 'Ben')).toBe(true);
  });
});
