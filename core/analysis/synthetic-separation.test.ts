import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisReportSchema, type AnalysisReport } from '../../schemas/analysis.ts';
import type { RpcInput } from '../../schemas/rpc.ts';
import { openApi } from '../api/open-api.ts';
import type { Api } from '../api/create-api.ts';
import { ensureSyntheticAnnotator, recordSyntheticVote } from '../arena/synthetic-votes.ts';
import { recordOwnRun, voteUntilOwnPair } from '../demo/user-study-in-demo.fixture.ts';

// The demo workspace holds the synthetic study (300 votes, judge scores) and an arena whose
// bundles (the demo's too) have the same harnesses, models and versions as a user's runs. One
// real vote on a user's own runs must not be blended with the demo's.

let dir: string;
let api: Api;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-synthetic-separation-'));
  api = await openApi(join(dir, 'workspace'));
}, 60_000);

afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

const report = async (input: RpcInput<'analysis.report'> = {}): Promise<AnalysisReport> =>
  AnalysisReportSchema.parse(await api.call('analysis.report', { resamples: 200, ...input }));

describe('the demo study in the store', () => {
  it('has synthetic tasks and runs whose configurations are never a real run’s', async () => {
    const { runs } = await api.call('runs.list', {});
    const { tasks } = await api.call('tasks.list', {});
    expect(runs.filter((run) => run.synthetic)).toHaveLength(48);
    expect(runs.filter((run) => !run.synthetic).every((run) => run.hasBuild || run.frames > 0)).toBe(true);
    expect(tasks.filter((task) => task.synthetic).map((task) => task.id)).toHaveLength(12);
    expect(tasks.filter((task) => !task.synthetic).map((task) => task.id).sort()).toEqual(['demo-chapter-trend', 'demo-figma-pricing']);
    const configs = api.context.workspace.db.prepare('SELECT DISTINCT config_id AS id, synthetic FROM runs').all() as { id: string; synthetic: number }[];
    const real = new Set(configs.filter((c) => c.synthetic === 0).map((c) => c.id));
    expect(real.size).toBe(3);
    expect(configs.filter((c) => c.synthetic === 1 && real.has(c.id))).toEqual([]);
  });

  it('refuses a synthetic vote on real runs', async () => {
    const { runs } = await api.call('runs.list', { taskId: 'demo-figma-pricing' });
    const db = api.context.workspace.db;
    const annotatorId = ensureSyntheticAnnotator(db, 'Synthetic expert 1', 'unused', '2025-10-10T00:00:00.000Z');
    const vote = { id: 'blend', annotatorId, runA: runs[0]!.id, runB: runs[1]!.id, shownOrder: 'a-left', choice: 'left', ratingLeft: 4, ratingRight: 2, timeOnItemMs: 1, createdAt: '2025-10-10T00:00:00.000Z' } as const;
    expect(() => recordSyntheticVote(db, vote)).toThrow(/only compare synthetic runs/);
    expect(db.prepare("SELECT count(*) AS n FROM votes WHERE id = 'blend'").get()).toEqual({ n: 0 });
  });
});

describe('synthetic data in the analysis report', () => {
  it('is included, and says why, while the workspace has only synthetic data', async () => {
    const fresh = await report();
    expect(fresh.study).toMatchObject({ votes: 300, includesSynthetic: true, synthetic: { included: true, reason: 'only-synthetic' } });
    const excluded = await report({ excludeSynthetic: true });
    expect(excluded.study).toMatchObject({ votes: 0, judgments: 0, includesSynthetic: false, synthetic: { included: false, reason: 'requested' } });
  });

  it("counts a vote cast on the demo's pair as the demo's: the report still shows only the demo, under its banner", async () => {
    const newcomer = await api.call('arena.createAnnotator', { name: 'Newcomer', queueSeed: 'separation-demo' });
    const next = await api.call('arena.nextPair', { annotatorId: newcomer.id });
    await api.call('arena.vote', { token: next.item!.token, choice: 'left', ratingLeft: 4, ratingRight: 2, reason: 'tried the arena', timeOnItemMs: 5000 });
    expect((await report()).study).toMatchObject({ votes: 301, includesSynthetic: true, synthetic: { included: true, reason: 'only-synthetic' } });
    expect((await report({ excludeSynthetic: true })).study).toMatchObject({ votes: 0, judgments: 0 });
  });

  it('is left out by default once a person has voted on runs of their own, and comes back, kept apart, when asked for', async () => {
    // Two runs of the user's own with the demo bundles' configurations, on a task of their own.
    const at = '2026-01-05T09:00:00.000Z';
    recordOwnRun(api, { id: 'own-codex', task: 'own-pricing', harness: 'codex', model: 'gpt-5-codex', versions: { skill: 'v1' }, at, sourceDir: join(dir, 'own-codex') });
    recordOwnRun(api, { id: 'own-claude', task: 'own-pricing', harness: 'claude-code', model: 'claude-sonnet-4-5', versions: { skill: 'v2' }, at, sourceDir: join(dir, 'own-claude') });
    const annotator = await api.call('arena.createAnnotator', { name: 'Real reviewer', queueSeed: 'separation' });
    const { demoVotes } = await voteUntilOwnPair(api, annotator.id, new Set(['own-codex', 'own-claude']), { choice: 'left', reason: 'cleaner layout' });

    const real = await report();
    expect(real.study).toMatchObject({ votes: 1, judgments: 0, annotators: 1, tasks: 1, includesSynthetic: false, synthetic: { included: false, reason: 'real-data-present' } });
    expect(real.study.configurations).toHaveLength(2);
    expect(real.preference.votes).toBe(1);
    expect(real.preference.elo.map((row) => row.config).sort()).toEqual(real.study.configurations.map((c) => c.id).sort());

    const both = await report({ includeSynthetic: true });
    expect(both.study).toMatchObject({ votes: 302 + demoVotes, includesSynthetic: true, synthetic: { included: true, reason: 'requested' } });
    // The two real configurations stand on their own beside the synthetic study's four and the demo bundles', under other names.
    expect(both.study.configurations.filter((c) => c.id.startsWith('synthetic:'))).toHaveLength(4);
    expect(both.study.configurations.filter((c) => c.id.startsWith('demo:')).every((c) => c.label.endsWith(' · demo'))).toBe(true);
    expect(new Set(both.study.configurations.map((c) => c.label)).size).toBe(both.study.configurations.length);
    for (const config of real.study.configurations) expect(both.study.configurations).toContainEqual(config);
    // The real pair's win matrix cell rests on the one real vote only.
    const [first, second] = real.preference.winMatrix.configs;
    const matrix = both.preference.winMatrix;
    const cell = matrix.cells[matrix.configs.indexOf(first!)]![matrix.configs.indexOf(second!)];
    expect(cell).toBe(real.preference.winMatrix.cells[0]![1]);
    expect(cell === 0 || cell === 1).toBe(true);
  });

  it('stays left out while the workspace has runs of its own, even once their only vote is undone', async () => {
    const annotators = await api.call('arena.annotators', {});
    const reviewer = annotators.annotators.find((a) => a.name === 'Real reviewer')!;
    await api.call('arena.undoLastVote', { annotatorId: reviewer.id });
    expect((await report()).study).toMatchObject({ votes: 0, synthetic: { included: false, reason: 'real-data-present' } });
  });

  it('refuses a request to both include and exclude it', async () => {
    await expect(api.call('analysis.report', { includeSynthetic: true, excludeSynthetic: true })).rejects.toThrow(/includeSynthetic|excludeSynthetic/);
  });
});
