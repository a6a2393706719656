import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Api } from '../api/create-api.ts';
import { expectJobSucceeded, testWorkspaces } from './test-workspaces.fixture.ts';
import { seedMultiTurnRuns } from '../arena/multi-turn-runs.fixture.ts';

let dir: string;
const workspaces = testWorkspaces(() => dir);
const open = workspaces.open;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-preference-turns-'));
});

afterEach(async () => {
  await workspaces.closeAll();
  rmSync(dir, { recursive: true, force: true });
});

const turnsOfVotes = (api: Api, ids: readonly string[]) =>
  ids.map((id) => (api.context.workspace.db.prepare('SELECT turn FROM votes WHERE id = ?').get(id) as { turn: number | null } | undefined)?.turn);

describe('the turn of a pair in the dataset', { timeout: 120_000 }, () => {
  it('exports each vote with the turn its pair showed (null for a run as it ended), and an import keeps it', async () => {
    const source = await open('source');
    seedMultiTurnRuns(source.context.workspace, 3);
    const { id: annotatorId } = await source.call('arena.createAnnotator', { name: 'Ada' });
    for (const turn of [2, undefined]) {
      const item = (await source.call('arena.nextPair', { annotatorId, ...(turn === undefined ? {} : { turn }) })).item!;
      await source.call('arena.vote', { token: item.token, choice: 'left', ratingLeft: 4, ratingRight: 3, reason: '', timeOnItemMs: 500 });
    }
    const out = join(dir, 'dataset');
    const { jobId } = await source.call('export.hf', { outDir: out, includeSynthetic: true, format: 'jsonl' });
    await expectJobSucceeded(source, jobId);
    const rows = readFileSync(join(out, 'data', 'preferences', 'train-00000-of-00001.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { vote_id: string; turn: number | null });
    expect(rows.map((row) => row.turn).sort()).toEqual([2, null]);

    const target = await open('target');
    const imported = await target.call('import.hf', { dir: out });
    await expectJobSucceeded(target, imported.jobId);
    expect(turnsOfVotes(target, rows.map((row) => row.vote_id))).toEqual(rows.map((row) => row.turn));
  });
});
