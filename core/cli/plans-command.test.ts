import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlanComparisonSchema } from '../../schemas/plan-review.ts';
import { openApi } from '../api/open-api.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

const SPAWNING_TEST_TIMEOUT_MS = 600_000; // 14 lhb runs, each ~15 s on a loaded machine
const DEMO_ROOM = 'Operations dashboard data room';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-plans-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lhb = (...args: string[]) => spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args, '--workspace', dir], { encoding: 'utf8' });

/** The demo room's first source, by its file name, as `lhb chapters cite --source` takes it. */
async function demoSource(): Promise<string> {
  const api = await openApi(dir);
  try {
    const { dataRooms } = await api.call('dataRooms.list', {});
    const room = await api.call('dataRooms.get', { dataRoomId: dataRooms.find((r) => r.title === DEMO_ROOM)!.id });
    return room.sources[0]!.originalName;
  } finally {
    await api.close();
  }
}

const ok = (result: ReturnType<typeof lhb>) => {
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
};

describe('lhb plans', () => {
  it('each annotator writes their own plan (--annotator), submits it, and two plans compare (text and JSON); one is approved', async () => {
    const source = await demoSource();
    // Ana and Bo each write their own plan of the room; Bo's lacks Ana's second span.
    expect(ok(lhb('chapters', 'add', 'Key metrics', '--room', DEMO_ROOM, '--annotator', 'Ana'))).toContain(`Added chapter 1. "Key metrics"`);
    expect(ok(lhb('chapters', 'cite', '--room', DEMO_ROOM, '--chapter', '1', '--source', source, '--lines', '3-8', '--annotator', 'Ana'))).toMatch(/Cited .+:3--8 in "Key metrics" of Ana's plan/);
    ok(lhb('chapters', 'cite', '--room', DEMO_ROOM, '--chapter', 'key metrics', '--source', source, '--lines', '20-22', '--annotator', 'Ana'));
    ok(lhb('chapters', 'add', 'Key metrics', '--room', DEMO_ROOM, '--annotator', 'Bo'));
    ok(lhb('chapters', 'cite', '--room', DEMO_ROOM, '--chapter', '1', '--source', source, '--lines', '3-8', '--annotator', 'Bo'));
    // Each plan is its own; the workspace owner's (the demo's) is untouched.
    const bosPlan = JSON.parse(ok(lhb('chapters', 'export', '--room', DEMO_ROOM, '--annotator', 'Bo', '--format', 'json'))) as { chapters: { title: string; citations: unknown[] }[] };
    expect(bosPlan.chapters.map((c) => [c.title, c.citations.length])).toEqual([['Key metrics', 1]]);
    const ownersPlan = JSON.parse(ok(lhb('chapters', 'export', '--room', DEMO_ROOM, '--format', 'json'))) as { chapters: { title: string }[] };
    expect(ownersPlan.chapters.map((c) => c.title)).not.toContain('Key metrics');

    expect(ok(lhb('plans', 'submit', '--room', DEMO_ROOM, '--annotator', 'Ana'))).toMatch(/Submitted Ana's plan of "Operations dashboard data room" \(1 chapter, 2 citations\)/);
    expect(lhb('plans', 'submit', '--room', DEMO_ROOM, '--annotator', 'Bo').status).toBe(0);

    const comparison = PlanComparisonSchema.parse(JSON.parse(ok(lhb('plans', 'compare', '--room', DEMO_ROOM, 'Ana', 'Bo', '--json'))));
    expect(comparison.chapters[0]!.onlyA).toHaveLength(1);
    expect(comparison.chapters[0]!.onlyB).toHaveLength(0);
    // 6 lines both cited of 9 either cited.
    expect(comparison.overall.jaccard).toBeCloseTo(6 / 9, 5);

    const text = ok(lhb('plans', 'compare', '--room', DEMO_ROOM, 'Ana', 'Bo'));
    expect(text).toContain(`Overall: Jaccard ${comparison.overall.jaccard!.toFixed(2)}, Dice ${comparison.overall.dice!.toFixed(2)}`);
    expect(text).toContain('1. Key metrics');
    expect(text).toMatch(/only Ana: .+:20--22/);
    expect(text).toContain('Chapters pair by title first');

    expect(lhb('plans', 'approve', '--room', DEMO_ROOM, '--annotator', 'bo', '--reviewer', 'Rui').status).toBe(0);
    const list = lhb('plans', 'list', '--room', DEMO_ROOM);
    expect(list.stdout).toMatch(/^Bo .*approved by Rui/m);
    expect(list.stdout).toMatch(/^Ana .*not approved/m);
    expect(lhb('plans', 'unapprove', '--room', DEMO_ROOM, '--annotator', 'Bo').status).toBe(0);
    expect(lhb('plans', 'list', '--room', DEMO_ROOM).stdout).toMatch(/^Bo .*not approved/m);

    const unknown = lhb('plans', 'compare', '--room', DEMO_ROOM, 'Ana', 'Cy');
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toMatch(/Cy has not submitted a plan/);
  }, SPAWNING_TEST_TIMEOUT_MS);
});
