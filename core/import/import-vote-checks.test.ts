import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';
import { importFolder } from './import-folder.fixture.ts';
import { tableCounts } from './table-counts.fixture.ts';

// An imported vote moves Elo and winner quality, so its sides and winner must be the ones its pair,
// shown order and choice give; and a vote whose id is already here is checked as strictly.

let dir: string;
let source: Api;
let target: Api;
const exported = () => join(dir, 'export');
const PREFERENCES = join('data', 'preferences', 'synthetic-00000-of-00001.jsonl');

interface Vote {
  vote_id: string;
  config_a: { run_id: string };
  config_b: { run_id: string };
  shown_order: string;
  left_run: string;
  right_run: string;
  winner_run: string | null;
  choice: string;
  rating_left: number;
}

function editedCopy(name: string, edit: (votes: Vote[]) => Vote[]): string {
  const copy = join(dir, name);
  cpSync(exported(), copy, { recursive: true });
  const path = join(copy, PREFERENCES);
  const votes = readFileSync(path, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Vote);
  writeFileSync(path, `${edit(votes).map((vote) => JSON.stringify(vote)).join('\n')}\n`);
  return copy;
}

const importInto = (folder: string) => importFolder(target, folder);

const decided = (votes: Vote[]) => votes.find((vote) => vote.winner_run !== null)!;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-import-vote-checks-'));
  source = await openApi(join(dir, 'source'));
  await source.call('export.hf', { outDir: exported(), includeSynthetic: true, format: 'jsonl' });
  await source.context.jobs.idle();
  target = await openApi(join(dir, 'target'), { emptyProject: { name: 'Target' } });
}, 180_000);

afterAll(async () => {
  await source?.close();
  await target?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('imported votes', () => {
  it('refuses a vote whose winner is not the run its choice picked, naming the row and field; nothing is imported', async () => {
    const before = tableCounts(target.context.workspace.db);
    const folder = editedCopy('wrong-winner', (votes) => {
      const vote = decided(votes);
      vote.winner_run = vote.winner_run === vote.left_run ? vote.right_run : vote.left_run;
      return votes;
    });
    const outcome = await importInto(folder);
    expect(outcome.state).toBe('failed');
    expect(outcome.message).toMatch(/preferences.*line \d+.*winner_run/);
    expect(tableCounts(target.context.workspace.db)).toEqual(before);
  });

  it("refuses a vote whose left_run is a third configuration's run", async () => {
    const folder = editedCopy('third-run', (votes) => {
      const vote = decided(votes);
      const third = votes.map((other) => other.config_a.run_id).find((id) => id !== vote.config_a.run_id && id !== vote.config_b.run_id)!;
      vote.left_run = third;
      if (vote.winner_run !== vote.right_run) vote.winner_run = third;
      return votes;
    });
    const outcome = await importInto(folder);
    expect(outcome.state).toBe('failed');
    expect(outcome.message).toMatch(/left_run/);
  });

  it('reports a vote whose id is already here with other content as a conflict with both versions', async () => {
    const first = await importInto(exported());
    expect(first.state, first.message).toBe('succeeded');
    let changedId = '';
    const folder = editedCopy('changed-rating', (votes) => {
      const vote = decided(votes);
      changedId = vote.vote_id;
      vote.rating_left = vote.rating_left === 5 ? 1 : 5;
      return votes;
    });
    const outcome = await importInto(folder);
    expect(outcome.state, outcome.message).toBe('succeeded');
    const conflict = outcome.result!.conflicts.find((candidate) => candidate.id === changedId);
    expect(conflict).toMatchObject({ kind: 'vote', keptAs: null });
    expect(conflict!.local).not.toEqual(conflict!.incoming);
    expect(conflict!.incoming).toContain('rating_left');
    expect(outcome.result!.subsets.find((subset) => subset.subset === 'preferences')!.conflicts).toBe(1);
  });
});
