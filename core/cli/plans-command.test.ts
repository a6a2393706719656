import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataRoomDetail } from '../../schemas/annotate.ts';
import { PlanComparisonSchema } from '../../schemas/plan-review.ts';
import { openApi } from '../api/open-api.ts';

// Runs the CLI from its TypeScript source through tsx, like rooms-command.test.ts.
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const SPAWNING_TEST_TIMEOUT_MS = 180_000;
const DEMO_ROOM = 'Operations dashboard data room';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-plans-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lhb = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args, '--workspace', dir], { encoding: 'utf8' });

/** The demo room's first chapter loses its first citation (Bo's plan differs from Ana's by it). */
async function dropFirstCitation(): Promise<DataRoomDetail> {
  const api = await openApi(dir);
  try {
    const { dataRooms } = await api.call('dataRooms.list', {});
    const room = await api.call('dataRooms.get', { dataRoomId: dataRooms.find((r) => r.title === DEMO_ROOM)!.id });
    return await api.call('chapters.removeCitation', { citationId: room.chapters[0]!.citations[0]!.id });
  } finally {
    await api.close();
  }
}

describe('lhb plans', () => {
  it('submits two annotators’ plans, compares them (text and JSON), approves one and lists who approved it', async () => {
    const ana = lhb('plans', 'submit', '--room', DEMO_ROOM, '--annotator', 'Ana');
    expect(ana.status, ana.stderr).toBe(0);
    expect(ana.stdout).toMatch(/Submitted the plan of "Operations dashboard data room" as Ana \(\d+ chapters, \d+ citations\)/);
    const room = await dropFirstCitation();
    expect(lhb('plans', 'submit', '--room', DEMO_ROOM, '--annotator', 'Bo').status).toBe(0);

    const json = lhb('plans', 'compare', '--room', DEMO_ROOM, 'Ana', 'Bo', '--json');
    expect(json.status, json.stderr).toBe(0);
    const comparison = PlanComparisonSchema.parse(JSON.parse(json.stdout));
    expect(comparison.chapters[0]!.onlyA).toHaveLength(1);
    expect(comparison.chapters[0]!.onlyB).toHaveLength(0);
    expect(comparison.chapters.slice(1).every((c) => c.agreement.jaccard === 1)).toBe(true);
    expect(comparison.overall.jaccard).toBeLessThan(1);

    const text = lhb('plans', 'compare', '--room', DEMO_ROOM, 'Ana', 'Bo');
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toContain(`Overall: Jaccard ${comparison.overall.jaccard!.toFixed(2)}, Dice ${comparison.overall.dice!.toFixed(2)}`);
    expect(text.stdout).toContain(`1. ${room.chapters[0]!.title}`);
    expect(text.stdout).toMatch(/only Ana: .+:\d+--\d+/);
    expect(text.stdout).toContain('Chapters pair by title first');

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
