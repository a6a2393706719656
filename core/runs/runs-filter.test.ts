import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpcInput } from '../../schemas/rpc.ts';
import { seedAblationWorkspace } from '../analysis/ablation-workspace.fixture.ts';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';
import { replaceRunVerifications } from '../store/run-verification-repository.ts';

// The demo study (synthetic runs with 300 votes and judge scores, and the demo's imported runs)
// beside a user's study (core/analysis/ablation-workspace.fixture.ts): every filter, alone and
// combined, must keep exactly the runs a hand-written query over the store keeps.

let dir: string;
let api: Api;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-runs-filter-'));
  api = await openApi(join(dir, 'workspace'));
  const db = api.context.workspace.db;
  seedAblationWorkspace(db);
  const check = { seq: 1, checkedAt: '2026-01-05T09:00:00.000Z', trigger: 'mcp verify_build', ok: false, nextAction: 'fix it', built: true, routesChecked: 1, durationMs: 10 };
  replaceRunVerifications(db, 'claude-v2-t2-1', [{ ...check, findings: [{ kind: 'blank-render', route: '/', detail: 'nothing drawn' }] }]);
  replaceRunVerifications(db, 'codex-v2-t1-0', [{ ...check, findings: [{ kind: 'blank-render', route: '/', detail: 'nothing drawn' }, { kind: 'build-error', route: null, detail: 'tsc' }] }]);
}, 120_000);

afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

const listed = async (filter: RpcInput<'runs.list'>) => (await api.call('runs.list', filter)).runs.map((run) => run.id).sort();
/** The ids a plain query over the store keeps: written here by hand, apart from the code under test. */
const byHand = (where: string, ...params: unknown[]) =>
  (api.context.workspace.db.prepare(`SELECT r.id FROM runs r WHERE ${where} ORDER BY r.id`).all(...params) as { id: string }[]).map((row) => row.id);
const MEAN = `(SELECT avg(CASE WHEN j.scale = 3 THEN 1 + 2 * j.score ELSE j.score END) FROM judgments j WHERE j.run_id = r.id AND j.status = 'ok')`;
const WON = `(SELECT count(*) FROM votes v WHERE v.winner_run = r.id AND v.retracted_at IS NULL)`;

describe('runs.list filters', () => {
  it('holds the demo study and the user study, and counts them all', async () => {
    const { runs, total } = await api.call('runs.list', {});
    expect(total).toBe(byHand('1').length);
    expect(runs).toHaveLength(total);
    expect(runs.filter((run) => run.synthetic).length).toBeGreaterThan(0);
    expect(runs.filter((run) => run.studyId === 'ablation-study')).toHaveLength(11);
  });

  it('keeps one configuration and skill version of one study, by the study id’s start', async () => {
    const kept = await listed({ studyId: 'ablation', configuration: 'claude-code/claude-opus-4-5', skillVersion: 'v2' });
    expect(kept).toEqual(byHand(`r.harness = 'claude-code' AND json_extract(r.versions_json, '$.skill') = 'v2' AND r.id IN (SELECT run_id FROM study_runs WHERE study_id = 'ablation-study')`));
    expect(kept).toHaveLength(6);
  });

  it('combines a score range with a configuration and a status', async () => {
    const kept = await listed({ configuration: 'codex', scoreMin: 3, scoreMax: 4, status: 'succeeded' });
    expect(kept).toEqual(byHand(`r.harness = 'codex' AND r.status = 'succeeded' AND ${MEAN} BETWEEN 3 AND 4`));
    expect(kept.length).toBeGreaterThan(0);
    // The demo's own runs are scored too: a range alone spans both studies.
    const wide = await listed({ scoreMin: 4.5 });
    expect(wide).toEqual(byHand(`${MEAN} >= 4.5`));
    expect(wide.some((id) => id.startsWith('claude-') || id.startsWith('codex-'))).toBe(true);
  });

  it('finds runs by an error type in their trajectory and by a verifier finding', async () => {
    const failedWithBuildErrors = await listed({ errorType: 'build', status: 'failed' });
    expect(failedWithBuildErrors).toEqual(
      byHand(`r.status = 'failed' AND EXISTS (SELECT 1 FROM study_runs sr, json_each(sr.errors_json) e WHERE sr.run_id = r.id AND e.value ->> 'type' = 'build')`),
    );
    expect(failedWithBuildErrors).toEqual(['claude-none-t3-0']);
    expect(await listed({ finding: 'blank-render' })).toEqual(['claude-v2-t2-1', 'codex-v2-t1-0']);
    expect(await listed({ finding: 'blank-render', configuration: 'codex' })).toEqual(['codex-v2-t1-0']);
  });

  it('keeps runs that won at least n votes, and sorts them by votes won', async () => {
    const { runs } = await api.call('runs.list', { wonAtLeast: 5, sort: 'won', descending: true });
    expect(runs.map((run) => run.id).sort()).toEqual(byHand(`${WON} >= 5`));
    expect(runs.length).toBeGreaterThan(1);
    expect(runs.map((run) => run.votesWon)).toEqual([...runs.map((run) => run.votesWon)].sort((a, b) => b - a));
    const wonByHand = api.context.workspace.db.prepare(`SELECT ${WON} AS n FROM runs r WHERE r.id = ?`);
    for (const run of runs) expect(run.votesWon).toBe((wonByHand.get(run.id) as { n: number }).n);
  });

  it('sorts by mean score with unscored runs last, in both directions', async () => {
    for (const descending of [false, true]) {
      const { runs } = await api.call('runs.list', { studyId: 'ablation-study', sort: 'score', descending });
      const scores = runs.map((run) => run.meanScore);
      const scored = scores.filter((score): score is number => score !== null);
      expect(scored).toEqual([...scored].sort((a, b) => (descending ? b - a : a - b)));
      expect(scores.slice(scored.length).every((score) => score === null)).toBe(true);
    }
  });

  it('refuses a study it does not hold and a backwards score range, naming the field', async () => {
    await expect(api.call('runs.list', { studyId: 'no-such-study' })).rejects.toMatchObject({ code: 'not_found', field: 'studyId' });
    await expect(api.call('runs.list', { scoreMin: 4, scoreMax: 2 })).rejects.toMatchObject({ field: 'scoreMin' });
  });
});
