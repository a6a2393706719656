import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../api/create-api.ts';
import { recordJudgment } from '../judge/record-judgment.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { seedDemoStudy } from '../demo/seed-demo-study.ts';
import { analysisInputsVersion, askedKey } from './analysis-report-cache.ts';
import { buildAnalysisReport } from './build-analysis-report.ts';
import { seedTwoStudyAblation, TWO_STUDIES } from './two-study-ablation.fixture.ts';
import { SEARCH_INDEX_TABLES } from '../store/search-repository.ts';

const DEMO_DATASET = fileURLToPath(new URL('../../datasets/demo', import.meta.url));
const ASK = { resamples: 200, seed: 'cache-test' };

describe('analysis.report: the same report again while the store has not changed', () => {
  let dir: string;
  let api: Api;
  let judged = 0;
  const judge = (db: Api['context']['workspace']['db']) =>
    recordJudgment(db, { runId: 'synthetic-run-01-claude-v2', judge: 'later-judge', tier: 'output', rubric: 'correctness', rubricVersion: '1', score: 1 + (judged++ % 5), rationale: 'added by the test', synthetic: true });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lhb-report-cache-'));
    api = createApi(openWorkspace(dir));
    seedDemoStudy(api.context.workspace.db, DEMO_DATASET);
  });
  afterEach(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a second ask with the report already computed (same figures, same time stamp)', async () => {
    const first = await api.call('analysis.report', ASK);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await api.call('analysis.report', ASK);
    expect(second.generatedAt).toBe(first.generatedAt);
    expect(second).toEqual(first);
    // Another seed is another report.
    const otherSeed = await api.call('analysis.report', { ...ASK, seed: 'another' });
    expect(otherSeed.generatedAt).not.toBe(first.generatedAt);
  });

  it('keeps a report that leaves fast votes out apart from the one that counts them', async () => {
    const db = api.context.workspace.db;
    const counting = await api.call('analysis.report', ASK);
    const excluding = await api.call('analysis.report', { ...ASK, excludeFastVotes: true });
    expect(excluding.generatedAt).not.toBe(counting.generatedAt);
    expect(counting.study.fastVotes?.excluded).toBe(false);
    expect(excluding.study.fastVotes?.excluded).toBe(true);
    expect(askedKey({ ...ASK, excludeFastVotes: true })).not.toBe(askedKey(ASK));
    // Each is kept: asking again gives each back as it was.
    expect((await api.call('analysis.report', { ...ASK, excludeFastVotes: true })).generatedAt).toBe(excluding.generatedAt);
    expect((await api.call('analysis.report', ASK)).generatedAt).toBe(counting.generatedAt);
    // Flagging a stored vote (a floor applied to it) is a write to the report's inputs.
    const before = analysisInputsVersion(db);
    db.prepare('UPDATE votes SET fast_vote_floor_ms = 1000000 WHERE rowid = (SELECT min(rowid) FROM votes)').run();
    expect(analysisInputsVersion(db)).toBeGreaterThan(before);
  });

  it('keeps a report limited to studies apart from the whole one, with one key per choice however its ids are typed', async () => {
    seedTwoStudyAblation(api.context.workspace.db);
    const whole = await api.call('analysis.report', ASK);
    const scoped = await api.call('analysis.report', { ...ASK, studies: [TWO_STUDIES.one.id] });
    expect(whole.study.scope).toBeNull();
    expect(scoped.study.scope).toEqual([{ id: TWO_STUDIES.one.id, label: TWO_STUDIES.one.name }]);
    expect(scoped.study.judgments).toBeLessThan(whole.study.judgments);
    // The same choice, by the start of its id and named twice, is the report already kept.
    const again = await api.call('analysis.report', { ...ASK, studies: ['study-on', TWO_STUDIES.one.id] });
    expect(again.generatedAt).toBe(scoped.generatedAt);
    expect(await api.call('analysis.cached', { ...ASK, studies: [TWO_STUDIES.one.id] })).toMatchObject({ current: true, report: { generatedAt: scoped.generatedAt } });
    expect(askedKey({ ...ASK, studies: [TWO_STUDIES.two.id, TWO_STUDIES.one.id] })).toBe(askedKey({ ...ASK, studies: [TWO_STUDIES.one.id, TWO_STUDIES.two.id] }));
    expect(askedKey({ ...ASK, studies: [TWO_STUDIES.one.id] })).not.toBe(askedKey(ASK));
    expect(askedKey({ ...ASK, studies: [] })).toBe(askedKey(ASK));
    await expect(api.call('analysis.report', { ...ASK, studies: ['no-such-study'] })).rejects.toThrow(/No study "no-such-study" in this workspace/);
  });

  it('computes it again after this process or another one wrote to the store', async () => {
    const before = await api.call('analysis.report', ASK);
    judge(api.context.workspace.db);
    const afterOwnWrite = await api.call('analysis.report', ASK);
    expect(afterOwnWrite.study.judgments).toBe(before.study.judgments + 1);

    const other = openWorkspace(dir);
    try {
      judge(other.db);
    } finally {
      other.close();
    }
    const afterOtherWrite = await api.call('analysis.report', ASK);
    expect(afterOtherWrite.study.judgments).toBe(before.study.judgments + 2);
  });

  it('keeps the report in the workspace: the next process gets it without computing, until a vote or judgment is written', async () => {
    const first = await api.call('analysis.report', ASK);
    await api.close();
    api = createApi(openWorkspace(dir));
    const cached = await api.call('analysis.cached', ASK);
    expect(cached.current).toBe(true);
    expect(cached.report?.generatedAt).toBe(first.generatedAt);
    expect(await api.call('analysis.report', ASK)).toEqual(first);
    // A job recorded (not an input of the report) leaves it current; a judgment does not.
    await api.call('workspace.verify', {});
    await api.context.jobs.idle();
    expect((await api.call('analysis.cached', ASK)).current).toBe(true);
    judge(api.context.workspace.db);
    const stale = await api.call('analysis.cached', ASK);
    expect(stale.current).toBe(false);
    expect(stale.report?.study.judgments).toBe(first.study.judgments);
  });

  it('computes again a report stored by an app that did not report turns yet, though nothing was written since', async () => {
    const first = await api.call('analysis.report', ASK);
    const db = api.context.workspace.db;
    const row = db.prepare('SELECT asked, report FROM analysis_reports').get() as { asked: string; report: string };
    const { turns: _turns, tables, ...older } = JSON.parse(row.report) as { turns: unknown; tables: { turns: unknown } };
    const { turns: _tables, ...olderTables } = tables;
    db.prepare('UPDATE analysis_reports SET report = ? WHERE asked = ?').run(JSON.stringify({ ...older, tables: olderTables }), row.asked);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await api.call('analysis.report', ASK);
    expect(again.turns).toEqual({ runs: 0, byTurn: [], revisions: [] });
    expect(again.generatedAt).not.toBe(first.generatedAt);
  });

  it('recomputes a stale report in a background job off the server thread, and then answers it as current', async () => {
    await api.call('analysis.report', ASK);
    judge(api.context.workspace.db);
    const refresh = await api.call('analysis.refresh', ASK);
    expect(refresh.current).toBe(false);
    expect(refresh.jobId).toEqual(expect.any(String));
    // Asked again while it runs: the same job.
    expect((await api.call('analysis.refresh', ASK)).jobId).toBe(refresh.jobId);
    await api.context.jobs.idle();
    const { jobs } = await api.call('jobs.list', { limit: 10 });
    const job = jobs.find((candidate) => candidate.id === refresh.jobId);
    expect(job, JSON.stringify(jobs)).toMatchObject({ state: 'succeeded', message: expect.stringContaining('Analysis recomputed') });
    const cached = await api.call('analysis.cached', ASK);
    expect(cached.current).toBe(true);
    // The worker's figures are the ones this thread computes from the same store.
    const here = buildAnalysisReport(api.context.workspace.db, { resamples: ASK.resamples, seed: ASK.seed });
    expect({ ...cached.report, generatedAt: '' }).toEqual({ ...here, generatedAt: '' });
    expect((await api.call('analysis.refresh', ASK))).toEqual({ current: true });
  }, 60_000);
});

// A table added later is an input of the report unless it is listed here: every write to an input counts.
// plan_submissions: the team's review of chapter plans; no figure of the report reads them.
// model_price_overrides: a workspace's prices make the cost of runs (the Runs and Judges screens), never a figure of the report.
// replaced_pairwise_verdicts: what a replaced pairwise verdict cost (the Runs and Judges screens' cost); the report reads the verdicts, not it.
// replaced_judge_replies: the same for a replaced judge reply; the report reads the judgments, not it.
const NOT_INPUTS = new Set(['analysis_inputs', 'analysis_reports', 'annotation_history', 'blobs', 'jobs', 'meta', 'model_price_overrides', 'plan_submissions', 'replaced_judge_replies', 'replaced_pairwise_verdicts', 'schema_migrations', ...SEARCH_INDEX_TABLES]);

it('counts writes to every table the report could read: each has its insert, update and delete trigger', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-report-inputs-'));
  const workspace = openWorkspace(dir);
  try {
    const tables = (workspace.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((t) => t.name);
    const triggers = new Set((workspace.db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").all() as { name: string }[]).map((t) => t.name));
    const uncounted = tables.filter((table) => !NOT_INPUTS.has(table)).flatMap((table) => ['insert', 'update', 'delete'].map((event) => `analysis_input_${table}_${event}`)).filter((name) => !triggers.has(name));
    expect(uncounted).toEqual([]);
  } finally {
    workspace.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
