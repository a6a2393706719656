import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';

// Issue 39: every plan of a room (each SME's own, the gold plan) leaves with the chapters subset,
// the gold plan with where each item came from, and an import into an empty workspace gives them back.

let dir: string;
const opened: Api[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-gold-export-'));
});
afterEach(async () => {
  for (const api of opened.splice(0)) await api.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(name: string): Promise<Api> {
  const api = await openApi(join(dir, name));
  opened.push(api);
  return api;
}

async function finished(api: Api, jobId: string): Promise<void> {
  await api.context.jobs.idle();
  const { jobs } = await api.call('jobs.list', { limit: 500 });
  const job = jobs.find((j) => j.id === jobId)!;
  expect(job.state, job.message).toBe('succeeded');
}

/** In the demo's room: Ana and Bo each write a plan; the curator accepts Ana's chapter, edits Bo's citation in, and takes Bo's global notes. */
async function curatedRoom(api: Api): Promise<string> {
  const { dataRooms } = await api.call('dataRooms.list', {});
  const room = await api.call('dataRooms.get', { dataRoomId: dataRooms[0]!.id });
  const versionId = room.sources[0]!.latestVersionId;
  const ana = await api.call('chapters.create', { dataRoomId: room.id, annotator: 'Ana', title: 'Setup' });
  const anaCited = await api.call('chapters.addCitation', { chapterId: ana.chapters[0]!.id, versionId, startLine: 1, endLine: 2 });
  const bo = await api.call('chapters.create', { dataRoomId: room.id, annotator: 'Bo', title: 'Getting started' });
  const boCited = await api.call('chapters.addCitation', { chapterId: bo.chapters[0]!.id, versionId, startLine: 2, endLine: 3 });
  await api.call('dataRooms.update', { dataRoomId: room.id, annotator: 'Bo', globalNotes: 'For new staff.' });
  const gold = await api.call('plans.curate', { dataRoomId: room.id, action: 'accept', item: { kind: 'chapter', chapterId: anaCited.chapters[0]!.id }, note: 'Good scope.' });
  await api.call('plans.curate', { dataRoomId: room.id, action: 'edit', item: { kind: 'citation', citationId: boCited.chapters[0]!.citations[0]!.id }, into: gold.chapters[0]!.id, edit: { startLine: 3, endLine: 3 }, note: 'Line 3 only.' });
  await api.call('plans.curate', { dataRoomId: room.id, action: 'accept', item: { kind: 'globalNotes', annotator: 'Bo' } });
  return room.id;
}

async function exportChapters(api: Api, out: string, pseudonymise = false): Promise<void> {
  const { jobId } = await api.call('export.hf', { outDir: out, subsets: ['sources', 'chapters'], pseudonymise, format: 'jsonl', includeSynthetic: true });
  await finished(api, jobId);
}

interface Row {
  chapter_id: string;
  plan: string;
  annotator: string | null;
  data_room_notes: string;
  provenance: { kind: string; action: string; from_annotator: string | null; from_item_id: string; curator_note: string }[];
}
const chapterRows = (out: string): Row[] => {
  const folder = join(out, 'data', 'chapters');
  const file = readdirSync(folder, { recursive: true }).map(String).find((name) => name.endsWith('.jsonl'))!;
  return readFileSync(join(folder, file), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Row);
};

/** The three plans as a reader compares them: chapters with their citations' spans, global notes, and the gold plan's provenance. */
async function threePlans(api: Api, roomId: string, names: [string, string]) {
  const plan = async (annotator: string) => {
    const detail = await api.call('dataRooms.get', { dataRoomId: roomId, annotator });
    return { notes: detail.globalNotes, chapters: detail.chapters.map((c) => ({ id: c.id, title: c.title, citations: c.citations.map((x) => [x.id, x.startLine, x.endLine, x.quote]) })) };
  };
  const gold = await api.call('plans.gold', { dataRoomId: roomId });
  return {
    a: await plan(names[0]),
    b: await plan(names[1]),
    gold: {
      notes: gold.globalNotes,
      chapters: gold.chapters.map((c) => ({ id: c.id, title: c.title, citations: c.citations.map((x) => [x.id, x.startLine, x.endLine, x.quote]) })),
      // A plan's global notes are named by that workspace's own plan row: the same notes, another id.
      provenance: gold.provenance.map(({ fromAnnotator: _name, ...p }) => (p.kind === 'note' && p.goldChapterId === null ? { ...p, fromItemId: 'plan notes' } : p)),
      from: gold.provenance.map((p) => p.fromAnnotator),
    },
  };
}

describe('every plan of a room in the dataset (format 11)', () => {
  it('exports each SME’s plan, the gold plan and its provenance; an import into an empty workspace gives back the same three plans', async () => {
    const source = await open('source');
    const roomId = await curatedRoom(source);
    const out = join(dir, 'out');
    await exportChapters(source, out);
    const rows = chapterRows(out);
    expect(rows.filter((r) => r.plan !== 'owner').map((r) => [r.plan, r.annotator, r.data_room_notes]).sort()).toEqual([
      ['annotator', 'Ana', ''],
      ['annotator', 'Bo', 'For new staff.'],
      ['gold', null, 'For new staff.'],
    ]);
    const gold = rows.find((r) => r.plan === 'gold')!;
    expect(gold.provenance.map((p) => [p.kind, p.action, p.from_annotator, p.curator_note])).toEqual([
      ['chapter', 'accepted', 'Ana', 'Good scope.'],
      ['citation', 'accepted', 'Ana', 'Good scope.'],
      ['citation', 'edited', 'Bo', 'Line 3 only.'],
      ['note', 'accepted', 'Bo', ''],
    ]);

    const target = await open('target');
    const { jobId } = await target.call('import.hf', { dir: out });
    await finished(target, jobId);
    const before = await threePlans(source, roomId, ['Ana', 'Bo']);
    expect(before.gold.chapters[0]!.citations).toHaveLength(2);
    expect(await threePlans(target, roomId, ['Ana', 'Bo'])).toEqual(before);
    // The owner's plan stays the owner's: no SME chapter or gold chapter leaks into it.
    expect((await target.call('dataRooms.get', { dataRoomId: roomId })).chapters.map((c) => c.id)).toEqual((await source.call('dataRooms.get', { dataRoomId: roomId })).chapters.map((c) => c.id));
    // An SME's feedback reads the same after the round trip.
    const feedback = async (api: Api) => (await api.call('plans.feedback', { dataRoomId: roomId, annotator: 'Bo' })).items.map((i) => [i.kind, i.verdict, i.curatorNote]);
    expect(await feedback(target)).toEqual(await feedback(source));
    // Importing the same folder again adds nothing.
    const again = await target.call('import.hf', { dir: out });
    await finished(target, again.jobId);
    expect(await threePlans(target, roomId, ['Ana', 'Bo'])).toEqual(before);
  }, 240_000);

  it("gives each room's agreement between its plans and where the gold plan's items came from in the dataset card", async () => {
    const source = await open('source');
    await curatedRoom(source);
    const out = join(dir, 'out');
    await exportChapters(source, out);
    const card = readFileSync(join(out, 'README.md'), 'utf8');
    const section = card.slice(card.indexOf('## Chapter plans and their agreement'));
    expect(section).toContain('## Chapter plans and their agreement');
    // Ana cited lines 1–2 and Bo 2–3 in their one chapter each (paired by place): 1 line of 3 shared.
    expect(section).toContain('| Ana | Bo | 1 | 0.33 | 0.50 |');
    // The gold plan: Ana's chapter with its citation, Bo's citation (edited to line 3) and his global notes.
    expect(section).toContain('| Ana | 1 | 1 | 0 | 0 |');
    expect(section).toContain('| Bo | 0 | 1 | 1 | 1 |');
    expect(section).toMatch(/Room agreement: Jaccard \d\.\d\d, Dice \d\.\d\d \(mean over \d+ pairs? of annotators' plans\)/);
    // Each plan against the gold plan: Ana's lines 1–2 are both in it (of 1–3).
    expect(section).toContain('| Ana | Gold plan | 1 | 0.67 | 0.80 |');
  }, 240_000);

  it('pseudonymises SMEs’ plans and the gold plan’s provenance as it does voters', async () => {
    const source = await open('source');
    await curatedRoom(source);
    const out = join(dir, 'out');
    await exportChapters(source, out, true);
    const card = readFileSync(join(out, 'README.md'), 'utf8');
    expect(card).toContain('## Chapter plans and their agreement');
    expect(card).toMatch(/\| annotator-[0-9a-f]{12} \| 1 \| 1 \| 0 \| 0 \|/);
    expect(card).not.toMatch(/\bAna\b|\bBo\b/);
    const rows = chapterRows(out);
    const names = [...rows.map((r) => r.annotator), ...rows.flatMap((r) => r.provenance.map((p) => p.from_annotator))].filter((n) => n !== null);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => /^annotator-[0-9a-f]{12}$/.test(name!))).toBe(true);
    expect(JSON.stringify(rows)).not.toMatch(/"Ana"|"Bo"/);
  }, 240_000);
});
