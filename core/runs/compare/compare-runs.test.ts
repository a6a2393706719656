import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunsListRow } from '../../../schemas/runs-filter.ts';
import type { Api } from '../../api/create-api.ts';
import { openApi } from '../../api/open-api.ts';
import { LhbError } from '../../../schemas/lhb-error.ts';

let dir: string;
let api: Api;
let judged: RunsListRow[];

// The demo's records: judged runs of several tasks (without trajectories: the demo study's runs are generated).
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-compare-runs-'));
  api = await openApi(dir);
  judged = (await api.call('runs.list', {})).runs.filter((run) => run.judgments > 0);
});
afterAll(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

interface JudgmentRow {
  judge: string;
  rubric_set: string;
  rubric: string;
  score: number | null;
  evidence: string;
  rationale: string;
}

it('puts each judge’s newest score per rubric of both runs side by side, with its evidence, as the store holds them', async () => {
  const [a, b] = judged.filter((run) => run.taskId === judged[0]!.taskId);
  expect(a && b).toBeTruthy();
  const comparison = await api.call('runs.compare', { a: a!.id, b: b!.id });
  expect(comparison.sameTask).toBe(true);
  const { db } = api.context.workspace;
  const stored = (runId: string) =>
    db
      .prepare(
        `SELECT judge, rubric_set, rubric, score, evidence, rationale FROM judgments
         WHERE run_id = ? AND turn IS NULL ORDER BY created_at, rowid`,
      )
      .all(runId) as JudgmentRow[];
  for (const [side, run] of [['a', a!], ['b', b!]] as const) {
    const newest = new Map(stored(run.id).map((row) => [JSON.stringify([row.judge, row.rubric_set, row.rubric]), row]));
    const shown = comparison.scores.filter((row) => row[side] !== null);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBe(newest.size);
    for (const row of shown) {
      const expected = newest.get(JSON.stringify([row.judge, row.rubricSet, row.rubric]))!;
      expect(row[side]!.score).toBe(expected.score);
      expect(row[side]!.evidence).toBe(expected.evidence || expected.rationale);
    }
  }
});

it('runs of two tasks are compared with a warning naming both; a missing run is refused at its own side', async () => {
  const other = judged.find((run) => run.taskId !== judged[0]!.taskId)!;
  const comparison = await api.call('runs.compare', { a: judged[0]!.id, b: other.id });
  expect(comparison.sameTask).toBe(false);
  expect(comparison.warnings[0]).toContain(`different tasks (${judged[0]!.taskId} and ${other.taskId})`);

  const refused = await api.call('runs.compare', { a: judged[0]!.id, b: 'no-such-run' }).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(LhbError);
  expect((refused as LhbError).code).toBe('not_found');
});
