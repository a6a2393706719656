import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Api } from '../api/create-api.ts';
import { expectJobSucceeded, testWorkspaces } from './test-workspaces.fixture.ts';
import { loadStudyData } from '../analysis/study-data.ts';
import { seedMultiTurnRuns } from '../arena/multi-turn-runs.fixture.ts';
import { insertPresentation, insertVote } from '../store/vote-repository.ts';

// The preference_pairs subset: one row per vote the analysis counts that has a winner, in TRL's
// DPO columns, read back from the Parquet file by an independent reader (hyparquet; DuckDB writes).

const DPO_COLUMNS = ['prompt', 'chosen', 'rejected', 'chosen_run_id', 'rejected_run_id', 'task_id', 'turn', 'chosen_rating', 'rejected_rating', 'annotator', 'vote_id', 'fast_vote'];

let dir: string;
const workspaces = testWorkspaces(() => dir);
const open = workspaces.open;
let source: Api;
let whatShows: Map<string, string>;
let out: string;

const bytesOf = (path: string) => {
  const bytes = readFileSync(path);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};

type Vote = { id: string; annotator: string; runA: string; runB: string; shown: 'a-left' | 'b-left'; choice: 'left' | 'right' | 'tie'; left: number; right: number; turn: number | null; ms: number; at: string };

function cast(api: Api, vote: Vote): void {
  const db = api.context.workspace.db;
  const [leftRun, rightRun] = vote.shown === 'a-left' ? [vote.runA, vote.runB] : [vote.runB, vote.runA];
  const winner = vote.choice === 'left' ? leftRun : vote.choice === 'right' ? rightRun : null;
  insertPresentation(db, { id: `p-${vote.id}`, token: `t-${vote.id}`, annotator_id: vote.annotator, task_id: 'task-1', run_a: vote.runA, run_b: vote.runB, shown_order: vote.shown, created_at: vote.at, turn: vote.turn });
  insertVote(db, {
    id: vote.id, presentation_id: `p-${vote.id}`, annotator_id: vote.annotator, task_id: 'task-1', run_a: vote.runA, run_b: vote.runB, shown_order: vote.shown,
    left_run: leftRun, right_run: rightRun, choice: vote.choice, winner_run: winner, rating_left: vote.left, rating_right: vote.right, reason: '',
    time_on_item_ms: vote.ms, synthetic: 0, created_at: vote.at, retracted_at: null, fast_vote_floor_ms: 3000, turn: vote.turn,
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-preference-pairs-'));
  source = await open('source');
  const db = source.context.workspace.db;
  whatShows = seedMultiTurnRuns(source.context.workspace, 3);
  db.prepare("UPDATE tasks SET instruction = 'Build the pricing page.' WHERE id = 'task-1'").run();
  const ada = (await source.call('arena.createAnnotator', { name: 'Ada' })).id;
  const bob = (await source.call('arena.createAnnotator', { name: 'Bob' })).id;
  // Counted: Ada's first vote on a–b, at turn 2 (run-a wins).
  cast(source, { id: 'vote-1', annotator: ada, runA: 'run-a', runB: 'run-b', shown: 'a-left', choice: 'left', left: 4, right: 2, turn: 2, ms: 5000, at: '2025-02-01T00:00:01.000Z' });
  // Left out: Ada's repeat on a–b (the analysis counts her first only).
  cast(source, { id: 'vote-2', annotator: ada, runA: 'run-a', runB: 'run-b', shown: 'b-left', choice: 'left', left: 5, right: 1, turn: 2, ms: 5000, at: '2025-02-01T00:00:02.000Z' });
  // Left out: a tie has no chosen and rejected run.
  cast(source, { id: 'vote-3', annotator: ada, runA: 'run-a', runB: 'run-c', shown: 'a-left', choice: 'tie', left: 3, right: 3, turn: null, ms: 5000, at: '2025-02-01T00:00:03.000Z' });
  // Counted, though fast (the analysis counts fast votes by default): run-c, shown left, wins.
  cast(source, { id: 'vote-4', annotator: bob, runA: 'run-b', runB: 'run-c', shown: 'b-left', choice: 'left', left: 5, right: 2, turn: null, ms: 100, at: '2025-02-01T00:00:04.000Z' });
  out = join(dir, 'dataset');
  const { jobId } = await source.call('export.hf', { outDir: out, pseudonymise: true });
  await expectJobSucceeded(source, jobId);
}, 120_000);

afterAll(async () => {
  await workspaces.closeAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('the preference_pairs subset', { timeout: 120_000 }, () => {
  it('holds one row per counted vote with a winner, ties and repeats left out, in the DPO columns and declared types', async () => {
    const file = join(out, 'data', 'preference_pairs', 'train-00000-of-00001.parquet');
    const rows = (await parquetReadObjects({ file: bytesOf(file) })) as Record<string, unknown>[];
    const counted = loadStudyData(source.context.workspace.db).votes.filter((vote) => vote.winner_run !== null);
    expect(rows.map((row) => row.vote_id)).toEqual(counted.map((vote) => vote.id).sort());
    expect(rows.map((row) => row.vote_id)).toEqual(['vote-1', 'vote-4']);

    const metadata = parquetMetadata(bytesOf(file));
    expect(metadata.schema.slice(1).map((element) => element.name)).toEqual(DPO_COLUMNS);
    const element = (name: string) => metadata.schema.find((candidate) => candidate.name === name)!;
    for (const name of ['prompt', 'chosen', 'rejected', 'annotator', 'vote_id']) expect(element(name)).toMatchObject({ type: 'BYTE_ARRAY', converted_type: 'UTF8' });
    for (const name of ['turn', 'chosen_rating', 'rejected_rating']) expect(element(name)).toMatchObject({ type: 'INT32', converted_type: 'INT_8' });
    expect(element('fast_vote')).toMatchObject({ type: 'BOOLEAN' });

    const [turnPair, fastPair] = rows as Record<string, unknown>[];
    const fileLine = (run: string, turn: number) => {
      const sha = [...whatShows].find(([, label]) => label === `${run}@${turn}`)![0];
      return `frames/1-1.png\t1\t${sha}`;
    };
    expect(turnPair).toMatchObject({
      prompt: 'Build the pricing page.\n\nRevision 2.', chosen: fileLine('run-a', 2), rejected: fileLine('run-b', 2),
      chosen_run_id: 'run-a', rejected_run_id: 'run-b', task_id: 'task-1', turn: 2, chosen_rating: 4, rejected_rating: 2, fast_vote: false,
    });
    expect(fastPair).toMatchObject({
      prompt: 'Build the pricing page.', chosen: fileLine('run-c', 1), rejected: fileLine('run-b', 3),
      chosen_run_id: 'run-c', rejected_run_id: 'run-b', turn: null, chosen_rating: 5, rejected_rating: 2, fast_vote: true,
    });
    // Pseudonymised as the voters of preferences are.
    const preferences = (await parquetReadObjects({ file: bytesOf(join(out, 'data', 'preferences', 'train-00000-of-00001.parquet')) })) as Record<string, unknown>[];
    for (const row of rows) expect(row.annotator).toBe(preferences.find((vote) => vote.vote_id === row.vote_id)!.annotator);
    expect(String(turnPair!.annotator)).toMatch(/^annotator-[0-9a-f]{12}$/);

    const card = readFileSync(join(out, 'README.md'), 'utf8');
    const header = parse(card.split('---')[1]!) as { dataset_info: { config_name: string; features: { name: string }[] }[] };
    expect(header.dataset_info.find((info) => info.config_name === 'preference_pairs')!.features.map((feature) => feature.name)).toEqual(DPO_COLUMNS);
    expect(card).toContain('### `preference_pairs`');
    expect(card).toContain('ties, both-bad votes and an annotator\'s repeat votes on a pair are left out');
  });

  it('is read by lhb import hf without being merged, and the import analyses as the source did', async () => {
    const target = await open('target');
    const { jobId } = await target.call('import.hf', { dir: out });
    await expectJobSucceeded(target, jobId);
    const votes = (api: Api) => loadStudyData(api.context.workspace.db).votes.map((vote) => vote.id);
    expect(votes(target)).toEqual(votes(source));
  });
});
