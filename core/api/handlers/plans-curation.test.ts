import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RpcInput, RpcMethod } from '../../../schemas/rpc.ts';
import { SourceLibraryFixture } from '../../annotate/source-library.fixture.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { createApi, type Api } from '../create-api.ts';
import { rpcErrorOf } from '../rpc-error-of.fixture.ts';
import { readChapterForRubrics } from '../../judge/rubrics/generate-chapter-rubrics.ts';
import { annotateDeps } from './annotate-context.ts';
import { runLhbChild } from '../../cli/lhb-child-process.fixture.ts';

let dir: string;
let api: Api;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-curation-api-'));
  api = createApi(openWorkspace(dir));
});
afterEach(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = <M extends RpcMethod>(method: M, input: RpcInput<M>) => api.call(method, input);

/** Ana and Bo each write their own plan of one room: both a "Setup" chapter (lines 1–10 and 6–15), Ana a "Backup" chapter too, Bo global notes. */
async function twoAnnotators() {
  const room = await call('dataRooms.create', { title: 'Admin guide' });
  const library = new SourceLibraryFixture(api.context.workspace);
  const { versionId } = library.addSource({ dataRoomId: room.id, title: 'Guide', lines: Array.from({ length: 30 }, (_, i) => `Guide line ${i + 1}.`) });
  const write = async (annotator: string, title: string, lines: [number, number], notes = '') => {
    const detail = await call('chapters.create', { dataRoomId: room.id, annotator, title });
    const chapter = detail.chapters.at(-1)!;
    if (notes) await call('chapters.update', { chapterId: chapter.id, designNotes: notes });
    const cited = await call('chapters.addCitation', { chapterId: chapter.id, versionId, startLine: lines[0], endLine: lines[1] });
    return cited.chapters.find((c) => c.id === chapter.id)!;
  };
  const anaSetup = await write('Ana', 'Setup', [1, 10], 'Start from a clean host.');
  const anaBackup = await write('Ana', 'Backup', [20, 22]);
  const boSetup = await write('Bo', 'setup', [6, 15]);
  await call('dataRooms.update', { dataRoomId: room.id, annotator: 'Bo', globalNotes: 'Audience: junior admins.' });
  return { roomId: room.id, versionId, anaSetup, anaBackup, boSetup };
}

describe('curation into a gold plan (plans.curate, plans.gold, plans.feedback, plans.agreement)', () => {
  it('builds a gold plan from two annotators’ plans, each gold item saying where it came from', async () => {
    const { roomId, anaSetup, anaBackup, boSetup } = await twoAnnotators();
    await call('plans.curate', { dataRoomId: roomId, action: 'accept', item: { kind: 'chapter', chapterId: anaSetup.id }, note: 'Clear scope.' });
    // Bo's span goes into the gold chapter made from Ana's, with his lines narrowed.
    const [goldSetup] = (await call('plans.gold', { dataRoomId: roomId })).chapters;
    await call('plans.curate', { dataRoomId: roomId, action: 'edit', item: { kind: 'citation', citationId: boSetup.citations[0]!.id }, into: goldSetup!.id, edit: { startLine: 11, endLine: 12 }, note: 'Only 11–12 are new.' });
    await call('plans.curate', { dataRoomId: roomId, action: 'accept', item: { kind: 'globalNotes', annotator: 'Bo' } });
    await call('plans.curate', { dataRoomId: roomId, action: 'drop', item: { kind: 'chapter', chapterId: anaBackup.id }, note: 'Out of scope for this course.' });
    const gold = await call('plans.gold', { dataRoomId: roomId });

    expect(gold.globalNotes).toBe('Audience: junior admins.');
    expect(gold.chapters.map((c) => [c.title, c.designNotes, c.citations.map((x) => [x.startLine, x.endLine])])).toEqual([['Setup', 'Start from a clean host.', [[1, 10], [11, 12]]]]);
    expect(gold.chapters[0]!.citations[1]!.quote).toBe('Guide line 11.\nGuide line 12.');
    const from = gold.provenance.map((p) => [p.kind, p.action, p.fromAnnotator, p.fromItemId, p.curatorNote]);
    expect(from).toEqual([
      ['chapter', 'accepted', 'Ana', anaSetup.id, 'Clear scope.'],
      ['citation', 'accepted', 'Ana', anaSetup.citations[0]!.id, 'Clear scope.'],
      ['citation', 'edited', 'Bo', boSetup.citations[0]!.id, 'Only 11–12 are new.'],
      ['note', 'accepted', 'Bo', expect.any(String), ''],
      ['chapter', 'dropped', 'Ana', anaBackup.id, 'Out of scope for this course.'],
    ]);
    expect(gold.provenance[2]!.goldCitationId).toBe(gold.chapters[0]!.citations[1]!.id);

    // The annotators' own plans are untouched, and the gold plan is no annotator's plan.
    const bo = await call('dataRooms.get', { dataRoomId: roomId, annotator: 'Bo' });
    expect(bo.chapters[0]!.citations.map((c) => [c.startLine, c.endLine])).toEqual([[6, 15]]);
    expect((await call('dataRooms.get', { dataRoomId: roomId })).chapters).toEqual([]);
    expect((await rpcErrorOf(call('chapters.update', { chapterId: goldSetup!.id, title: 'x' }))).message).toMatch(/gold plan, which changes only through curation/);
  });

  it('undoes and redoes curation steps in the gold plan’s own history, leaving the annotators’ histories alone', async () => {
    const { roomId, anaSetup } = await twoAnnotators();
    const accepted = await call('plans.curate', { dataRoomId: roomId, action: 'accept', item: { kind: 'chapter', chapterId: anaSetup.id } });
    expect(accepted.undoLabel).toBe('Accept chapter “Setup” from Ana');
    const undone = await call('plans.goldUndo', { dataRoomId: roomId });
    expect([undone.chapters, undone.provenance, undone.redoLabel]).toEqual([[], [], 'Accept chapter “Setup” from Ana']);
    const redone = await call('plans.goldRedo', { dataRoomId: roomId });
    expect(redone.chapters.map((c) => [c.title, c.citations.length])).toEqual([['Setup', 1]]);
    expect(redone.provenance).toHaveLength(2);
    // Ana's own undo still undoes her own last step (Bo's notes are his), not the curator's.
    expect((await call('dataRooms.get', { dataRoomId: roomId, annotator: 'Ana' })).undoLabel).toBe('Add citation to “Backup”');
  });

  it('refuses what cannot be curated, saying what to do', async () => {
    const { roomId, anaSetup, boSetup } = await twoAnnotators();
    const notInGold = await rpcErrorOf(call('plans.curate', { dataRoomId: roomId, action: 'accept', item: { kind: 'citation', citationId: boSetup.citations[0]!.id } }));
    expect(notInGold.message).toMatch(/Bo's chapter “setup” is not in the gold plan yet: accept the chapter first/);
    await call('plans.curate', { dataRoomId: roomId, action: 'accept', item: { kind: 'chapter', chapterId: anaSetup.id } });
    const twice = await rpcErrorOf(call('plans.curate', { dataRoomId: roomId, action: 'accept', item: { kind: 'chapter', chapterId: anaSetup.id } }));
    expect([twice.code, twice.message]).toEqual(['conflict', expect.stringMatching(/already in the gold plan; edit it there or drop it first/)]);
    const emptyEdit = await rpcErrorOf(call('plans.curate', { dataRoomId: roomId, action: 'edit', item: { kind: 'chapter', chapterId: anaSetup.id } }));
    expect(emptyEdit.message).toMatch(/Say what to change: an edit of a chapter takes title, instruction, designNotes/);
  });

  it('tells each SME what the curator kept, changed or dropped of their plan, with the curator’s notes', async () => {
    const { roomId, anaSetup, anaBackup, boSetup } = await twoAnnotators();
    await call('plans.curate', { dataRoomId: roomId, action: 'accept', item: { kind: 'chapter', chapterId: boSetup.id } });
    await call('plans.curate', { dataRoomId: roomId, action: 'edit', item: { kind: 'chapter', chapterId: boSetup.id }, edit: { title: 'Setting up' }, note: 'Say what the chapter does.' });
    await call('plans.curate', { dataRoomId: roomId, action: 'drop', item: { kind: 'citation', citationId: boSetup.citations[0]!.id }, note: 'Too wide.' });
    await call('plans.curate', { dataRoomId: roomId, action: 'accept', item: { kind: 'citation', citationId: anaSetup.citations[0]!.id }, into: (await call('plans.gold', { dataRoomId: roomId })).chapters[0]!.id });
    await call('plans.curate', { dataRoomId: roomId, action: 'drop', item: { kind: 'chapter', chapterId: anaBackup.id }, note: 'Not this course.' });

    const bo = await call('plans.feedback', { dataRoomId: roomId, annotator: 'Bo' });
    expect(bo.items.map((i) => [i.kind, i.verdict, i.goldLabel, i.curatorNote])).toEqual([
      ['globalNotes', 'pending', null, ''],
      ['chapter', 'changed', 'Setting up', 'Say what the chapter does.'],
      ['citation', 'dropped', null, 'Too wide.'],
    ]);
    const ana = await call('plans.feedback', { dataRoomId: roomId, annotator: 'Ana' });
    expect(ana.items.map((i) => [i.kind, i.kind === 'citation' ? i.label : i.label.slice(0, 12), i.verdict, i.curatorNote])).toEqual([
      ['chapter', 'Setup', 'pending', ''],
      ['chapterNotes', 'Start from a', 'pending', ''],
      ['citation', expect.stringMatching(/:1--10 “Guide/), 'kept', ''],
      ['chapter', 'Backup', 'dropped', 'Not this course.'],
      ['citation', expect.stringMatching(/:20--22 /), 'pending', ''],
    ]);
    expect(ana.counts).toEqual({ kept: 1, changed: 0, dropped: 1, pending: 3 });
  });

  it('gives line-span agreement per chapter between each pair of plans, and the room’s mean over annotators’ pairs', async () => {
    const { roomId, anaSetup } = await twoAnnotators();
    await call('plans.curate', { dataRoomId: roomId, action: 'accept', item: { kind: 'chapter', chapterId: anaSetup.id } });
    const agreement = await call('plans.agreement', { dataRoomId: roomId });
    expect(agreement.plans.map((p) => [p.annotator, p.gold, p.chapterCount, p.citationCount])).toEqual([
      ['Ana', false, 2, 2],
      ['Bo', false, 1, 1],
      [null, true, 1, 1],
    ]);
    const anaBo = agreement.pairs[0]!;
    expect([anaBo.a.annotator, anaBo.b.annotator]).toEqual(['Ana', 'Bo']);
    expect(anaBo.chapters.map((c) => [c.a, c.b, c.agreement.both, c.agreement.either, c.agreement.jaccard])).toEqual([
      ['Setup', 'setup', 5, 15, 5 / 15],
      ['Backup', null, 0, 3, 0],
    ]);
    expect(agreement.room).toEqual({ jaccard: 5 / 18, dice: (2 * 5) / (13 + 10), pairs: 1 });
  });
});

describe('reordering the gold plan (plans.goldMove, lhb plans gold move)', () => {
  it('moves a gold chapter as one undoable step of the gold plan, from the API and the CLI, and refuses an annotator’s chapter', async () => {
    const { roomId, anaSetup, anaBackup } = await twoAnnotators();
    await call('plans.curate', { dataRoomId: roomId, action: 'accept', item: { kind: 'chapter', chapterId: anaSetup.id } });
    const accepted = await call('plans.curate', { dataRoomId: roomId, action: 'accept', item: { kind: 'chapter', chapterId: anaBackup.id } });
    const backup = accepted.chapters[1]!;
    const moved = await call('plans.goldMove', { dataRoomId: roomId, chapterId: backup.id, toIndex: 0 });
    expect([moved.chapters.map((c) => c.title), moved.undoLabel]).toEqual([['Backup', 'Setup'], 'Move gold chapter “Backup”']);
    expect((await call('plans.goldUndo', { dataRoomId: roomId })).chapters.map((c) => c.title)).toEqual(['Setup', 'Backup']);
    const wrong = await rpcErrorOf(call('plans.goldMove', { dataRoomId: roomId, chapterId: anaSetup.id, toIndex: 1 }));
    expect([wrong.field, wrong.message]).toEqual(['chapterId', expect.stringMatching(/not a chapter of “Admin guide”'s gold plan/)]);

    const cli = await runLhbChild(['plans', 'gold', 'move', '--room', 'Admin guide', '--chapter', 'backup', '--to', '1', '--workspace', dir]);
    expect(cli.stdout, cli.stderr).toContain('Moved gold chapter "Backup" to place 1 of 2 in "Admin guide".');
    expect((await call('plans.gold', { dataRoomId: roomId })).chapters.map((c) => c.title)).toEqual(['Backup', 'Setup']);
    const missing = await runLhbChild(['plans', 'gold', 'move', '--room', 'Admin guide', '--chapter', 'backup', '--workspace', dir]);
    expect([missing.status, missing.stderr]).toEqual([1, expect.stringContaining('--chapter C --to N')]);
  }, 180_000);
});

describe('chapter rubrics from the gold plan', () => {
  it('reads the gold chapter paired with the owner’s chapter once there is a gold plan, and the owner’s before', async () => {
    const { roomId, anaSetup } = await twoAnnotators();
    const owner = await call('chapters.create', { dataRoomId: roomId, title: 'Setup' });
    await call('chapters.update', { chapterId: owner.chapters[0]!.id, instruction: 'The owner’s draft.' });
    const deps = annotateDeps(api.context);
    expect(readChapterForRubrics(deps, owner.chapters[0]!.id).chapter.instruction).toBe('The owner’s draft.');
    await call('plans.curate', { dataRoomId: roomId, action: 'edit', item: { kind: 'chapter', chapterId: anaSetup.id }, edit: { instruction: 'Set up a clean host.' } });
    const material = readChapterForRubrics(deps, owner.chapters[0]!.id);
    expect([material.chapter.instruction, material.chapter.citations.map((c) => [c.startLine, c.endLine])]).toEqual(['Set up a clean host.', [[1, 10]]]);
  });
});
