import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataRoomDetail } from '../../schemas/annotate.ts';
import type { CurationFeedback } from '../../schemas/gold-plan.ts';
import type { PlanChangedEvent } from '../../schemas/jobs.ts';
import { RpcErrorBodySchema } from '../../schemas/errors.ts';
import { isPlanInviteMethod, RPC_METHODS, type RpcMethod } from '../../schemas/rpc.ts';
import { createApi, type Api } from '../api/create-api.ts';
import { importPaths } from '../sources/import-sources.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { openEventStream } from './event-stream.fixture.ts';
import { startHttpServer, type RunningHttpServer } from './http-server.ts';

const OWNER_TOKEN = 'owner-token-0123456789abcdef';
const LINES = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of the brief: dashboards, metrics and charts.`).join('\n');

let root: string;
let api: Api;
let server: RunningHttpServer;
/** The room the invite is for, another room, and one source (with its newest version) in each. */
let room: { id: string; sourceId: string; versionId: string };
let elsewhere: { id: string; sourceId: string; versionId: string };

async function roomWithSource(title: string, file: string): Promise<typeof room> {
  const { id } = await api.call('dataRooms.create', { title });
  writeFileSync(join(root, file), LINES);
  const result = await importPaths(api.context.workspace, [join(root, file)], { dataRoomId: id });
  const outcome = result.outcomes[0]!;
  if (outcome.status === 'failed') throw new Error(outcome.reason);
  return { id, sourceId: outcome.sourceId, versionId: outcome.versionId };
}

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'lhb-plan-invites-'));
  api = createApi(openWorkspace(join(root, 'workspace')));
  room = await roomWithSource('Course A', 'a.md');
  elsewhere = await roomWithSource('Course B', 'b.md');
  server = await startHttpServer({ api, port: 0, token: OWNER_TOKEN, rendererDir: join(root, 'renderer'), heartbeatMs: 50 });
});

afterEach(async () => {
  await server.close();
  await api.close();
  rmSync(root, { recursive: true, force: true });
});

async function rpc(token: string, method: string, input: unknown = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`http://127.0.0.1:${server.port}/rpc/${method}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  return { status: res.status, body: await res.json() };
}
const errorOf = (body: unknown) => RpcErrorBodySchema.parse(body).error;
const planInvite = async (name: string, dataRoomId = room.id) => (await api.call('plans.invite', { dataRoomId, name })).token;
const titles = (detail: DataRoomDetail) => detail.chapters.map((c) => c.title);

async function ok<T = DataRoomDetail>(token: string, method: RpcMethod, input: unknown): Promise<T> {
  const res = await rpc(token, method, input);
  expect(res.status, `${method} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as T;
}
async function refused(token: string, method: RpcMethod, input: unknown): Promise<void> {
  const res = await rpc(token, method, input);
  expect(res.status, `${method} ${JSON.stringify(input)} answered ${JSON.stringify(res.body)}`).toBe(403);
  expect(errorOf(res.body).code).toBe('forbidden');
}

describe("an SME's invite link to their own plan", () => {
  it('lets two annotators write their own plans in one room at once, each blind to the other until the owner shares them', async () => {
    const ben = await planInvite('Ben');
    // Ada annotates on the owner's machine; Ben through his link, interleaved.
    await api.call('chapters.create', { dataRoomId: room.id, annotator: 'Ada', title: 'Ada: KPIs' });
    const benFirst = await ok(ben, 'chapters.create', { dataRoomId: room.id, title: 'Ben: Charts' });
    const adaDetail = await api.call('chapters.create', { dataRoomId: room.id, annotator: 'Ada', title: 'Ada: Layout' });
    await ok(ben, 'chapters.addCitation', { chapterId: benFirst.chapters[0]!.id, versionId: room.versionId, startLine: 3, endLine: 5 });
    await ok(ben, 'dataRooms.update', { globalNotes: 'Ben thinks in charts.' });
    await api.call('chapters.addCitation', { chapterId: adaDetail.chapters[0]!.id, versionId: room.versionId, startLine: 4, endLine: 9 });

    const ada = await api.call('dataRooms.get', { dataRoomId: room.id, annotator: 'Ada' });
    const benView = await ok(ben, 'dataRooms.get', { dataRoomId: room.id });
    expect(titles(ada)).toEqual(['Ada: KPIs', 'Ada: Layout']);
    expect(ada.annotator).toBe('Ada');
    expect(ada.globalNotes).toBe('');
    expect(titles(benView)).toEqual(['Ben: Charts']);
    expect(benView.annotator).toBe('Ben');
    expect(benView.globalNotes).toBe('Ben thinks in charts.');
    expect(ada.otherPlans).toEqual([]);
    expect(benView.otherPlans).toEqual([]);
    // The workspace owner's own plan of the room is a third one, untouched.
    expect(titles(await api.call('dataRooms.get', { dataRoomId: room.id }))).toEqual([]);
    // Ben cannot ask for Ada's plan by name, nor share the plans himself.
    await refused(ben, 'dataRooms.get', { dataRoomId: room.id, annotator: 'Ada' });
    await refused(ben, 'dataRooms.update', { dataRoomId: room.id, plansShared: true });

    // Each one's undo is their own: Ben's undo takes back his notes, not Ada's citation.
    const afterUndo = await ok(ben, 'annotate.undo', { dataRoomId: room.id });
    expect(afterUndo.globalNotes).toBe('');
    const adaAgain = await api.call('dataRooms.get', { dataRoomId: room.id, annotator: 'Ada' });
    expect(adaAgain.chapters[0]!.citations).toHaveLength(1);
    expect(adaAgain.undoLabel).toMatch(/Add citation/);

    await api.call('dataRooms.update', { dataRoomId: room.id, plansShared: true });
    const adaShared = await api.call('dataRooms.get', { dataRoomId: room.id, annotator: 'Ada' });
    const benShared = await ok(ben, 'dataRooms.get', { dataRoomId: room.id });
    expect(adaShared.otherPlans.map((p) => [p.annotator, titles({ ...adaShared, chapters: p.chapters })])).toEqual([['Ben', ['Ben: Charts']]]);
    expect(benShared.otherPlans.map((p) => [p.annotator, p.chapters.map((c) => c.title)])).toEqual([['Ada', ['Ada: KPIs', 'Ada: Layout']]]);
    // Still read-only for Ben: Ada's chapter is out of his reach.
    await refused(ben, 'chapters.update', { chapterId: adaShared.chapters[0]!.id, title: 'Mine now' });

    // The team's agreement works on the per-annotator plans: submit both, compare their spans.
    await api.call('plans.submit', { dataRoomId: room.id, annotator: 'Ada' });
    await api.call('plans.submit', { dataRoomId: room.id, annotator: 'Ben' });
    const comparison = await api.call('plans.compare', { dataRoomId: room.id, annotatorA: 'Ada', annotatorB: 'Ben' });
    expect(comparison.a.chapterCount).toBe(2);
    expect(comparison.b.chapterCount).toBe(1);
    // Ada cited lines 4–9, Ben 3–5: 2 lines in common of 7.
    expect(comparison.overall.both).toBe(2);
    expect(comparison.overall.jaccard).toBeCloseTo(2 / 7, 5);
  });

  it('answers only its own room and plan, on every method of the contract', async () => {
    const ben = await planInvite('Ben');
    const adaChapter = (await api.call('chapters.create', { dataRoomId: room.id, annotator: 'Ada', title: 'Ada' })).chapters[0]!;
    const ownerChapter = (await api.call('chapters.create', { dataRoomId: room.id, title: 'Owner' })).chapters[0]!;
    const otherRoomChapter = (await api.call('chapters.create', { dataRoomId: elsewhere.id, annotator: 'Ben', title: 'Elsewhere' })).chapters[0]!;
    const adaCitation = (await api.call('chapters.addCitation', { chapterId: adaChapter.id, versionId: room.versionId, startLine: 1, endLine: 2 })).chapters[0]!.citations[0]!;
    const ownChapter = async (title: string) => (await ok(ben, 'chapters.create', { dataRoomId: room.id, title })).chapters.find((c) => c.title === title)!;
    const ownCitation = async () => {
      const chapter = await ownChapter(`cited ${Math.random()}`);
      const detail = await ok(ben, 'chapters.addCitation', { chapterId: chapter.id, versionId: room.versionId, startLine: 2, endLine: 3 });
      return detail.chapters.find((c) => c.id === chapter.id)!.citations[0]!;
    };

    // For each method an SME's link may call: a call on their own plan that succeeds, and calls
    // that reach another room, another plan or an owner's field, each refused.
    const allowed: Partial<Record<RpcMethod, { own: () => Promise<unknown>; foreign: unknown[] }>> = {
      'session.whoami': { own: async () => ({}), foreign: [] },
      'sources.list': { own: async () => ({ dataRoomId: room.id }), foreign: [{ dataRoomId: elsewhere.id }] },
      'sources.get': { own: async () => ({ sourceId: room.sourceId }), foreign: [{ sourceId: elsewhere.sourceId }, { sourceId: room.sourceId, versionId: elsewhere.versionId }] },
      'sources.doubts': { own: async () => ({ sourceId: room.sourceId }), foreign: [{ sourceId: elsewhere.sourceId }, { sourceId: room.sourceId, versionId: elsewhere.versionId }] },
      'sources.lines': { own: async () => ({ versionId: room.versionId, start: 1, end: 5 }), foreign: [{ versionId: elsewhere.versionId, start: 1, end: 5 }] },
      'sources.find': { own: async () => ({ versionId: room.versionId, query: 'charts' }), foreign: [{ versionId: elsewhere.versionId, query: 'charts' }] },
      'sources.original': { own: async () => ({ sourceId: room.sourceId, versionId: room.versionId }), foreign: [{ sourceId: elsewhere.sourceId, versionId: elsewhere.versionId }] },
      'dataRooms.get': { own: async () => ({ dataRoomId: room.id }), foreign: [{ dataRoomId: elsewhere.id }, { dataRoomId: room.id, annotator: 'Ada' }] },
      'dataRooms.update': {
        own: async () => ({ dataRoomId: room.id, globalNotes: 'mine' }),
        foreign: [{ dataRoomId: elsewhere.id, globalNotes: 'x' }, { dataRoomId: room.id, annotator: 'Ada', globalNotes: 'x' }, { dataRoomId: room.id, title: 'Renamed' }, { dataRoomId: room.id, plansShared: true }],
      },
      'chapters.create': {
        own: async () => ({ dataRoomId: room.id, title: 'New' }),
        foreign: [{ dataRoomId: elsewhere.id, title: 'x' }, { dataRoomId: room.id, annotator: 'Ada', title: 'x' }, { dataRoomId: room.id, title: 'x', afterChapterId: adaChapter.id }],
      },
      'chapters.update': { own: async () => ({ chapterId: (await ownChapter('to rename')).id, title: 'Renamed' }), foreign: [{ chapterId: adaChapter.id, title: 'x' }, { chapterId: ownerChapter.id, title: 'x' }, { chapterId: otherRoomChapter.id, title: 'x' }] },
      'chapters.move': { own: async () => ({ chapterId: (await ownChapter('to move')).id, toIndex: 0 }), foreign: [{ chapterId: adaChapter.id, toIndex: 0 }, { chapterId: otherRoomChapter.id, toIndex: 0 }] },
      'chapters.delete': { own: async () => ({ chapterId: (await ownChapter('to delete')).id }), foreign: [{ chapterId: adaChapter.id }, { chapterId: ownerChapter.id }, { chapterId: otherRoomChapter.id }] },
      'chapters.addCitation': {
        own: async () => ({ chapterId: (await ownChapter('to cite')).id, versionId: room.versionId, startLine: 1, endLine: 1 }),
        foreign: [
          { chapterId: adaChapter.id, versionId: room.versionId, startLine: 1, endLine: 1 },
          { chapterId: otherRoomChapter.id, versionId: elsewhere.versionId, startLine: 1, endLine: 1 },
        ],
      },
      'chapters.removeCitation': { own: async () => ({ citationId: (await ownCitation()).id }), foreign: [{ citationId: adaCitation.id }] },
      'annotate.undo': { own: async () => ({ dataRoomId: room.id }), foreign: [{ dataRoomId: elsewhere.id }, { dataRoomId: room.id, annotator: 'Ada' }] },
      'annotate.redo': { own: async () => ({ dataRoomId: room.id }), foreign: [{ dataRoomId: elsewhere.id }, { dataRoomId: room.id, annotator: 'Ada' }] },
      'plans.feedback': { own: async () => ({ dataRoomId: room.id }), foreign: [{ dataRoomId: elsewhere.id }, { dataRoomId: room.id, annotator: 'Ada' }] },
    };
    // The open set is declared in the contract; this test names each member, so one added later fails here until it is checked.
    expect(RPC_METHODS.filter(isPlanInviteMethod).sort()).toEqual(Object.keys(allowed).sort());
    // The room's own `updatedAt` moves with Ben's edits; Ada's plan must not.
    const adaPlan = async () => JSON.stringify({ ...(await api.call('dataRooms.get', { dataRoomId: room.id, annotator: 'Ada' })), updatedAt: '' });
    const before = await adaPlan();
    for (const method of RPC_METHODS) {
      const spec = allowed[method];
      if (!spec) {
        const res = await rpc(ben, method, { dataRoomId: room.id });
        expect(res.status, method).toBe(403);
        expect(errorOf(res.body).message).toContain(method);
        continue;
      }
      await ok(ben, method, await spec.own());
      for (const input of spec.foreign) await refused(ben, method, input);
    }
    // Nothing of Ada's, the owner's or the other room changed.
    expect(await adaPlan()).toBe(before);
    expect(titles(await api.call('dataRooms.get', { dataRoomId: room.id }))).toEqual(['Owner']);
    expect((await api.call('dataRooms.get', { dataRoomId: elsewhere.id })).title).toBe('Course B');
    expect(titles(await api.call('dataRooms.get', { dataRoomId: elsewhere.id, annotator: 'Ben' }))).toEqual(['Elsewhere']);
    // Who the link says it is, for the page to open on that plan.
    expect(await ok(ben, 'session.whoami', {})).toMatchObject({ role: 'annotator', annotatorName: 'Ben', dataRoomId: room.id, dataRoomTitle: 'Course A' });
  });

  it("shows the SME the curator's decisions on their plan as they are made, and nobody else's plan or feedback", async () => {
    const ben = await planInvite('Ben');
    const charts = (await ok(ben, 'chapters.create', { dataRoomId: room.id, title: 'Ben: Charts' })).chapters[0]!;
    await ok(ben, 'chapters.addCitation', { chapterId: charts.id, versionId: room.versionId, startLine: 3, endLine: 5 });
    const cited = await ok(ben, 'chapters.addCitation', { chapterId: charts.id, versionId: room.versionId, startLine: 10, endLine: 12 });
    const tables = (await ok(ben, 'chapters.create', { dataRoomId: room.id, title: 'Ben: Tables' })).chapters.find((c) => c.title === 'Ben: Tables')!;
    const [keptCitation, changedCitation] = cited.chapters.find((c) => c.id === charts.id)!.citations;
    const adaChapter = (await api.call('chapters.create', { dataRoomId: room.id, annotator: 'Ada', title: 'Ada: KPIs' })).chapters[0]!;
    await api.call('plans.curate', { dataRoomId: room.id, action: 'accept', item: { kind: 'chapter', chapterId: adaChapter.id } });

    const stream = await openEventStream(server.port, ben);
    /** Every event heard up to the first that is a write to a plan by someone other than `except`. */
    const untilPlanWrite = async (except?: string | null) => {
      const marker = await stream.waitFor((e) => e.type === 'plan-changed' && e.what === 'plan' && e.annotatorId !== except);
      return stream.events.slice(0, stream.events.indexOf(marker) + 1);
    };
    try {
      // The curator keeps Charts, narrows one of its citations, drops Tables; Ada writes on, unshared; another room changes.
      await api.call('plans.curate', { dataRoomId: room.id, action: 'accept', item: { kind: 'chapter', chapterId: charts.id } });
      await api.call('plans.curate', { dataRoomId: room.id, action: 'edit', item: { kind: 'citation', citationId: changedCitation!.id }, edit: { startLine: 10, endLine: 11 }, note: 'Line 12 is about tables.' });
      await api.call('plans.curate', { dataRoomId: room.id, action: 'drop', item: { kind: 'chapter', chapterId: tables.id }, note: 'Tables are out of scope.' });
      await api.call('chapters.update', { chapterId: adaChapter.id, title: 'Ada: secret' });
      await api.call('chapters.create', { dataRoomId: elsewhere.id, annotator: 'Ben', title: 'Elsewhere' });
      // Ben's own edit comes last: every event sent before it has arrived once it does.
      await ok(ben, 'chapters.update', { chapterId: tables.id, title: 'Ben: Tables, again' });
      const seen = await untilPlanWrite();
      const own = seen.at(-1) as PlanChangedEvent;
      expect(seen.filter((e) => e.type === 'plan-changed' && e.what === 'gold')).toHaveLength(3);
      expect(seen.every((e) => e.type === 'plan-changed' && e.dataRoomId === room.id)).toBe(true);
      expect(seen.filter((e) => e.type === 'plan-changed' && e.what === 'plan')).toEqual([own]);
      // Once the owner shares the room's plans, Ada's edits reach Ben's page too (and the sharing itself does).
      await api.call('dataRooms.update', { dataRoomId: room.id, plansShared: true });
      await api.call('chapters.update', { chapterId: adaChapter.id, title: 'Ada: KPIs' });
      const shared = await untilPlanWrite(own.annotatorId);
      expect(shared.slice(seen.length).map((e) => (e.type === 'plan-changed' ? e.what : e.type))).toEqual(['room', 'plan']);
    } finally {
      stream.close();
    }

    const feedback = await ok<CurationFeedback>(ben, 'plans.feedback', {});
    const verdicts = feedback.items.map((item) => [item.kind, item.verdict, item.goldLabel?.replace(/ .*/, '') ?? null, item.curatorNote]);
    expect(verdicts).toEqual([
      ['chapter', 'kept', null, ''],
      ['citation', 'kept', null, ''],
      ['citation', 'changed', `${room.sourceId}:10--11`, 'Line 12 is about tables.'],
      ['chapter', 'dropped', null, 'Tables are out of scope.'],
    ]);
    expect(feedback.items[1]!.itemId).toBe(keptCitation!.id);
    expect(feedback.counts).toEqual({ kept: 2, changed: 1, dropped: 1, pending: 0 });
    // Ada's feedback and another room's are out of Ben's reach, by name or by room.
    await refused(ben, 'plans.feedback', { dataRoomId: room.id, annotator: 'Ada' });
    await refused(ben, 'plans.feedback', { dataRoomId: elsewhere.id });
    expect((await api.call('plans.feedback', { dataRoomId: room.id, annotator: 'Ada' })).counts.kept).toBe(1);
  });

  it("tells an SME's page when another process (a curator's `lhb plans curate` in a terminal) wrote, naming nothing", async () => {
    const ben = await planInvite('Ben');
    const charts = (await ok(ben, 'chapters.create', { dataRoomId: room.id, title: 'Ben: Charts' })).chapters[0]!;
    const stream = await openEventStream(server.port, ben);
    const terminal = createApi(openWorkspace(join(root, 'workspace')));
    try {
      await terminal.call('plans.curate', { dataRoomId: room.id, action: 'accept', item: { kind: 'chapter', chapterId: charts.id }, note: 'Clear.' });
      expect(await stream.waitFor((e) => e.type === 'store-changed')).toEqual({ type: 'store-changed' });
      const feedback = await ok<CurationFeedback>(ben, 'plans.feedback', {});
      expect(feedback.items.map((i) => [i.verdict, i.curatorNote])).toEqual([['kept', 'Clear.']]);
    } finally {
      stream.close();
      await terminal.close();
    }
  });

  it('stops working once revoked, like a voter link', async () => {
    const created = await api.call('plans.invite', { dataRoomId: room.id, name: 'Ben' });
    await ok(created.token, 'dataRooms.get', { dataRoomId: room.id });
    expect(created.invite.dataRoomId).toBe(room.id);
    await api.call('arena.revokeInvite', { inviteId: created.invite.id });
    expect((await rpc(created.token, 'dataRooms.get', { dataRoomId: room.id })).status).toBe(401);
  });
});
