import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataRoomDetail } from '../../schemas/annotate.ts';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';
import { DATASET_FORMAT_VERSION } from '../export/dataset-format-version.ts';

// Submitted chapter plans (and who approved them) leave with the chapters subset and come back.

let dir: string;
const opened: Api[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-plans-export-'));
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

async function demoRoom(api: Api): Promise<DataRoomDetail> {
  const { dataRooms } = await api.call('dataRooms.list', {});
  return await api.call('dataRooms.get', { dataRoomId: dataRooms[0]!.id });
}

/** Ana's plan as seeded, Bo's without the first citation, Bo's approved by Rui. */
async function teamPlans(api: Api): Promise<string> {
  const room = await demoRoom(api);
  await api.call('plans.submit', { dataRoomId: room.id, annotator: 'Ana' });
  await api.call('chapters.removeCitation', { citationId: room.chapters[0]!.citations[0]!.id });
  await api.call('plans.submit', { dataRoomId: room.id, annotator: 'Bo' });
  await api.call('plans.approve', { dataRoomId: room.id, annotator: 'Bo', reviewer: 'Rui' });
  return room.id;
}

async function exportChapters(api: Api, out: string, pseudonymise = false): Promise<void> {
  // The team planned in the demo's data room, whose chapters are the demo's: exported only when asked for.
  const { jobId } = await api.call('export.hf', { outDir: out, subsets: ['sources', 'chapters'], pseudonymise, format: 'jsonl', includeSynthetic: true });
  await finished(api, jobId);
}

const chapterRows = (out: string) => {
  const folder = join(out, 'data', 'chapters');
  const file = readdirSync(folder, { recursive: true }).map(String).find((name) => name.endsWith('.jsonl'))!;
  return readFileSync(join(folder, file), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { data_room_plans: { annotator: string; approved_by: string | null; plan: string }[] });
};

describe('submitted plans in the dataset (format 6)', () => {
  it('exports each room’s submitted plans on its chapter rows, and an import brings them back with their approval', async () => {
    expect(DATASET_FORMAT_VERSION).toBeGreaterThanOrEqual(6);
    const source = await open('source');
    const roomId = await teamPlans(source);
    const out = join(dir, 'out');
    await exportChapters(source, out);
    const rows = chapterRows(out);
    expect(rows.every((row) => row.data_room_plans.map((p) => [p.annotator, p.approved_by]).join() === 'Ana,,Bo,Rui')).toBe(true);

    const target = await open('target');
    const { jobId } = await target.call('import.hf', { dir: out });
    await finished(target, jobId);
    const { submissions } = await target.call('plans.list', { dataRoomId: roomId });
    const before = (await source.call('plans.list', { dataRoomId: roomId })).submissions;
    expect(submissions.map(({ matchesWorkingPlan: _m, ...s }) => s)).toEqual(before.map(({ matchesWorkingPlan: _m, ...s }) => s));
    // The compared figures are those of the workspace they were made in.
    const ask = { dataRoomId: roomId, annotatorA: 'Ana', annotatorB: 'Bo' };
    expect(await target.call('plans.compare', ask)).toMatchObject({ overall: (await source.call('plans.compare', ask)).overall });
  }, 120_000);

  it('pseudonymises the annotators and reviewers of plans as it does voters', async () => {
    const source = await open('source');
    await teamPlans(source);
    const out = join(dir, 'out');
    await exportChapters(source, out, true);
    const names = chapterRows(out)[0]!.data_room_plans.flatMap((p) => [p.annotator, p.approved_by ?? 'annotator-none']);
    expect(names.every((name) => /^annotator-[0-9a-f]{12}$|^annotator-none$/.test(name))).toBe(true);
  }, 120_000);
});
