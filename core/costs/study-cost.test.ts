import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudyCost } from '../../schemas/model-prices.ts';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';
import { totalLine } from '../../schemas/cost-line.ts';
import { recordOwnRun, recordUserStudy } from '../demo/user-study-in-demo.fixture.ts';
import { recordBlob } from '../store/blob-repository.ts';
import { insertReplyWithJudgments, type JudgeReplyRow } from '../store/judge-reply-repository.ts';
import { savePairwiseVerdict, type PairwiseVerdictRow } from '../store/pairwise-verdict-repository.ts';
import { requireCurrentProject } from '../store/project-repository.ts';
import { finishStudyRun, insertStudy } from '../store/study-repository.ts';
import { supersedeStudyRunAttempt } from '../store/superseded-run-repository.ts';
import { configIdOf, versionsJsonOf } from '../runs/run-configuration.ts';
import { SHIPPED_PRICE_TABLE_FILE } from './shipped-price-table.ts';

// The demo workspace with a researcher's study (core/demo/user-study-in-demo.fixture.ts: costs its
// harnesses reported) and a study built here whose runs reported none: a Codex configuration on
// gpt-5.5 with cache reads in its trajectories, a command harness on a model no table prices, a
// run that recorded no usage, and judges with and without a price. Every figure is computed again
// here by hand, from the store's rows, the trajectories' JSON and the shipped price file.

interface FilePrice { model: string; inputPerMillion: number; outputPerMillion: number; cacheReadPerMillion: number; cacheWritePerMillion: number; source: string }
const shippedFile = JSON.parse(readFileSync(SHIPPED_PRICE_TABLE_FILE, 'utf8')) as { checkedOn: string; prices: FilePrice[] };
const filePrice = (model: string) => shippedFile.prices.find((price) => price.model === model);

let dir: string;
let api: Api;
const STUDY = 'cost-study';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-study-cost-'));
  api = await openApi(join(dir, 'workspace'));
  mkdirSync(join(dir, 'user'), { recursive: true });
  await recordUserStudy(api, join(dir, 'user'), 0);
  const { db, blobs } = api.context.workspace;
  const project = requireCurrentProject(db);
  const at = (n: number) => new Date(Date.UTC(2026, 2, 1, 10, 0, n)).toISOString();
  const configs = [
    { harness: 'codex', model: 'gpt-5.5' },
    { harness: 'command', model: 'house-model-1' },
  ];
  const rows: { id: string; config: number; trajectory: object | null; tokens: [number, number] | null }[] = [
    { id: 'codex-a', config: 0, trajectory: { model: 'gpt-5.5', tokens: { input: 120_000, output: 9_000, cacheRead: 800_000, cacheWrite: 0 } }, tokens: [120_000, 9_000] },
    { id: 'codex-b', config: 0, trajectory: { model: 'gpt-5.5', tokens: { input: 60_000, output: 4_000, cacheRead: 300_000, cacheWrite: 0 } }, tokens: [60_000, 4_000] },
    // Failed before the harness said anything: no usage at all.
    { id: 'codex-c', config: 0, trajectory: null, tokens: null },
    { id: 'house-a', config: 1, trajectory: { model: 'house-model-1', tokens: { input: 5_000, output: 700, cacheRead: 0, cacheWrite: 0 } }, tokens: [5_000, 700] },
  ];
  for (const [n, row] of rows.entries()) {
    const config = configs[row.config]!;
    recordOwnRun(api, { id: row.id, task: 'user-dashboard', harness: config.harness, model: config.model, versions: {}, at: at(n), sourceDir: join(dir, 'own', row.id) });
  }
  insertStudy(
    db,
    { id: STUDY, project_id: project.id, name: 'cost', spec_json: '{}', config_digest: 'cost', executor: 'local', folder: join(dir, 'cost'), state: 'finished', job_id: null, cancel_requested_at: null, created_at: at(0), updated_at: at(9) },
    rows.map((row, position) => {
      const config = configs[row.config]!;
      return { id: `sr-${row.id}`, study_id: STUDY, position, task_id: 'user-dashboard', harness: config.harness, model: config.model, versions_json: versionsJsonOf({}), config_id: configIdOf(config.harness, config.model, {}), config_index: row.config, repeat_index: position, updated_at: at(0) };
    }),
  );
  for (const row of rows) {
    let trajectory: string | null = null;
    if (row.trajectory) {
      const stored = blobs.put(Buffer.from(JSON.stringify({ format: 'lhb-trajectory/1', harness: 'codex', steps: [], costUsd: null, ...row.trajectory })));
      recordBlob(db, stored.sha256, stored.sizeBytes, at(1));
      trajectory = stored.sha256;
    }
    finishStudyRun(db, `sr-${row.id}`, {
      status: row.tokens ? 'succeeded' : 'failed', error_kind: row.tokens ? null : 'harness-crash', error_message: null, finished_at: at(5), duration_ms: 1000, steps: 1, tool_calls: 0, failed_tool_calls: 0,
      tokens_input: row.tokens?.[0] ?? null, tokens_output: row.tokens?.[1] ?? null, cost_usd: null, last_event: null, transcript_sha256: null, trajectory_sha256: trajectory, errors_json: '[]', run_id: row.id,
    });
  }
  const judges = [
    { judge: 'opus-judge', model: 'claude-opus-4-1', cost: null },
    { judge: 'priced-judge', model: 'gpt-5.2', cost: 0.0123 },
    { judge: 'local-judge', model: 'llama-local', cost: null },
  ];
  for (const [runIndex, run] of ['codex-a', 'house-a'].entries()) {
    for (const [index, judge] of judges.entries()) {
      insertReplyWithJudgments(
        db,
        {
          id: `reply-${run}-${judge.judge}`, run_id: run, judge: judge.judge, judge_model: judge.model, tier: 'output', rubric_set: 'figma-output-expert', rubric_version: 'v1', scale: 5, input_hash: `${run}-${index}`, status: 'ok', failure: null, raw_reply: '{}', attempts: 1,
          tokens_input: 3_000 + 100 * runIndex, tokens_output: 400, cost_usd: judge.cost, duration_ms: 10, job_id: null, created_at: at(7),
        },
        [],
      );
    }
  }
}, 180_000);

afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A study's cost computed here by hand: stored cost, else tokens (the trajectory's, cache included) at the shipped price. */
function byHand(studyId: string | null): { runs: Map<string, number | null>; judges: number; runsTotal: number; unpriced: string[] } {
  const { db, blobs } = api.context.workspace;
  const where = studyId === null ? '1' : 'study_id = ?';
  const params = studyId === null ? [] : [studyId];
  const rows = db.prepare(`SELECT id, model, tokens_input, tokens_output, cost_usd, trajectory_sha256 FROM study_runs WHERE ${where} AND status NOT IN ('pending', 'running')`).all(...params) as { id: string; model: string; tokens_input: number | null; tokens_output: number | null; cost_usd: number | null; trajectory_sha256: string | null }[];
  const runs = new Map<string, number | null>();
  const unpriced = new Set<string>();
  for (const row of rows) {
    if (row.cost_usd !== null) { runs.set(row.id, row.cost_usd); continue; }
    if (row.tokens_input === null) { runs.set(row.id, null); continue; }
    const tokens = row.trajectory_sha256 ? (JSON.parse(blobs.read(row.trajectory_sha256).toString('utf8')) as { tokens: { input: number; output: number; cacheRead: number; cacheWrite: number } }).tokens : { input: row.tokens_input, output: row.tokens_output ?? 0, cacheRead: 0, cacheWrite: 0 };
    const price = filePrice(row.model);
    if (!price) { unpriced.add(row.model); runs.set(row.id, null); continue; }
    runs.set(row.id, (tokens.input * price.inputPerMillion + tokens.output * price.outputPerMillion + tokens.cacheRead * price.cacheReadPerMillion + tokens.cacheWrite * price.cacheWritePerMillion) / 1e6);
  }
  const replies = db.prepare(`SELECT judge_model, tokens_input, tokens_output, cost_usd FROM judge_replies WHERE attempts > 0 ${studyId === null ? '' : 'AND run_id IN (SELECT run_id FROM study_runs WHERE study_id = ?)'}`).all(...params) as { judge_model: string; tokens_input: number; tokens_output: number; cost_usd: number | null }[];
  let judges = 0;
  for (const reply of replies) {
    if (reply.cost_usd !== null) { judges += reply.cost_usd; continue; }
    const price = filePrice(reply.judge_model);
    if (!price) { unpriced.add(reply.judge_model); continue; }
    judges += (reply.tokens_input * price.inputPerMillion + reply.tokens_output * price.outputPerMillion) / 1e6;
  }
  const runsTotal = [...runs.values()].reduce<number>((sum, usd) => sum + (usd ?? 0), 0);
  return { runs, judges, runsTotal, unpriced: [...unpriced].sort() };
}

const cost = (studyId?: string): Promise<StudyCost> => api.call('runs.cost', studyId === undefined ? {} : { studyId });

describe('what a study cost', () => {
  it('the price table is dated and every price names its source', async () => {
    expect(shippedFile.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const list = await api.call('prices.list', {});
    expect(list.checkedOn).toBe(shippedFile.checkedOn);
    expect(list.prices.length).toBe(shippedFile.prices.length);
    for (const entry of list.prices) expect(entry.source).toMatch(/^https:\/\/(docs\.claude\.com|openai\.com|ai\.google\.dev)\//);
    // The models the harnesses and the README's judges default to are all priced.
    for (const model of ['claude-sonnet-4-5', 'gpt-5.5', 'gemini-2.5-pro', 'claude-opus-4-1', 'gpt-5.2']) expect(list.prices.map((entry) => entry.model)).toContain(model);
  });

  it('a study built here costs its runs plus its judges, and names the models with no price', async () => {
    const figures = await cost(STUDY);
    const hand = byHand(STUDY);
    expect(Object.keys(figures.runs).sort()).toEqual([...hand.runs.keys()].sort());
    for (const [id, usd] of hand.runs) {
      if (usd === null) expect(figures.runs[id]!.usd).toBeNull();
      else expect(figures.runs[id]!.usd).toBeCloseTo(usd, 12);
    }
    // gpt-5.5 at the shipped price, cache reads at their own price: (120k·5 + 9k·30 + 800k·0.5)/1e6 and the same for the second run.
    expect(figures.runs['sr-codex-a']!.usd).toBeCloseTo((120_000 * 5 + 9_000 * 30 + 800_000 * 0.5) / 1e6, 12);
    expect(figures.runs['sr-house-a']).toMatchObject({ usd: null, basis: 'priced', unpricedModels: ['house-model-1'] });
    expect(figures.runs['sr-codex-c']).toMatchObject({ usd: null, basis: 'none' });
    expect(figures.agents.usd).toBeCloseTo(hand.runsTotal, 12);
    expect(figures.judges.usd).toBeCloseTo(hand.judges, 12);
    expect(figures.total.usd).toBeCloseTo(hand.runsTotal + hand.judges, 12);
    expect(figures.total.unpricedModels).toEqual(['house-model-1', 'llama-local']);
    expect(figures.total.unpricedModels).toEqual(hand.unpriced);
    expect(figures.total.unrecorded).toBe(1);
    expect(totalLine(figures.total, 'item')).toBe(`at least $${figures.total.usd.toFixed(2)}; no price for: house-model-1, llama-local; no usage recorded for 1 item`);
    // Per configuration and per judge, the parts add up to the whole.
    expect(figures.configurations.map((c) => `${c.harness}/${c.model}:${c.items}`)).toEqual(['codex/gpt-5.5:3', 'command/house-model-1:1']);
    expect(figures.configurations.reduce((sum, c) => sum + c.usd, 0)).toBeCloseTo(figures.agents.usd, 12);
    expect(figures.byJudge.map((j) => `${j.judge}:${j.items}`).sort()).toEqual(['local-judge:2', 'opus-judge:2', 'priced-judge:2']);
    expect(figures.byJudge.find((j) => j.judge === 'opus-judge')!.usd).toBeCloseTo(((3_000 + 3_100) * 15 + 800 * 75) / 1e6, 12);
    expect(figures.byJudge.find((j) => j.judge === 'local-judge')).toMatchObject({ usd: 0, unpricedModels: ['llama-local'] });
  });

  it('the user study in the demo costs what its harnesses reported, and the workspace the sum of its studies', async () => {
    const user = await cost('user-study');
    const hand = byHand('user-study');
    expect(user.agents.items).toBe(hand.runs.size);
    expect(user.agents.usd).toBeCloseTo(hand.runsTotal, 12);
    expect(user.total.usd).toBeCloseTo(hand.runsTotal + hand.judges, 12);
    expect(user.total.unpricedModels).toEqual([]);
    expect(totalLine(user.total, 'item')).toBe(`$${user.total.usd.toFixed(2)}`);
    const whole = await cost();
    const handWhole = byHand(null);
    expect(whole.total.usd).toBeCloseTo(handWhole.runsTotal + handWhole.judges, 12);
    // The demo's synthetic study recorded no usage: the workspace is its two studies, nothing else.
    expect(whole.agents.usd).toBeCloseTo(user.agents.usd + (await cost(STUDY)).agents.usd, 12);
  });

  it("a workspace's own price changes the figures, and removing it brings the shipped price back", async () => {
    const before = await cost(STUDY);
    await api.call('prices.set', { model: 'gpt-5.5', inputPerMillion: 1, outputPerMillion: 2 });
    const cheaper = await cost(STUDY);
    // Cache reads default to the input price.
    expect(cheaper.runs['sr-codex-a']!.usd).toBeCloseTo((120_000 * 1 + 9_000 * 2 + 800_000 * 1) / 1e6, 12);
    expect(cheaper.total.usd).not.toBeCloseTo(before.total.usd, 6);
    const listed = (await api.call('prices.list', {})).prices.find((entry) => entry.model === 'gpt-5.5')!;
    expect(listed).toMatchObject({ origin: 'workspace', inputPerMillion: 1, shipped: { inputPerMillion: filePrice('gpt-5.5')!.inputPerMillion } });

    await api.call('prices.set', { model: 'house-model-1', inputPerMillion: 0.5, outputPerMillion: 1.5, cacheReadPerMillion: 0.05 });
    const priced = await cost(STUDY);
    expect(priced.runs['sr-house-a']!.usd).toBeCloseTo((5_000 * 0.5 + 700 * 1.5) / 1e6, 12);
    expect(priced.total.unpricedModels).toEqual(['llama-local']);

    await api.call('prices.unset', { model: 'gpt-5.5' });
    await api.call('prices.unset', { model: 'house-model-1' });
    expect(await cost(STUDY)).toEqual(before);
    await expect(api.call('prices.unset', { model: 'gpt-5.5' })).rejects.toMatchObject({ code: 'not_found', field: 'model' });
    await expect(api.call('prices.set', { model: 'gpt-5.5', inputPerMillion: -1, outputPerMillion: 2 })).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('a judged run retried costs both its attempts and the judges of both: the earlier attempt was paid for', async () => {
    const before = await cost(STUDY);
    const workspaceBefore = await cost();
    const { db } = api.context.workspace;
    const first = before.runs['sr-codex-a']!.usd!;
    const judgedFirst = before.judges.usd;
    const { nextRunId } = supersedeStudyRunAttempt(db, 'sr-codex-a', new Date(Date.UTC(2026, 2, 2)).toISOString());
    recordOwnRun(api, { id: nextRunId, task: 'user-dashboard', harness: 'codex', model: 'gpt-5.5', versions: {}, at: new Date(Date.UTC(2026, 2, 2, 1)).toISOString(), sourceDir: join(dir, 'own', nextRunId) });
    finishStudyRun(db, 'sr-codex-a', {
      status: 'succeeded', error_kind: null, error_message: null, finished_at: new Date(Date.UTC(2026, 2, 2, 2)).toISOString(), duration_ms: 1000, steps: 1, tool_calls: 0, failed_tool_calls: 0,
      tokens_input: 10_000, tokens_output: 1_000, cost_usd: null, last_event: null, transcript_sha256: null, trajectory_sha256: null, errors_json: '[]', run_id: nextRunId,
    });
    const after = await cost(STUDY);
    const price = filePrice('gpt-5.5')!;
    const second = (10_000 * price.inputPerMillion + 1_000 * price.outputPerMillion) / 1e6;
    // The study run's own figure is its current attempt's; the totals carry both attempts.
    expect(after.runs['sr-codex-a']!.usd).toBeCloseTo(second, 12);
    expect(after.agents.usd).toBeCloseTo(before.agents.usd + second, 12);
    expect(after.agents.items).toBe(before.agents.items + 1);
    expect(after.configurations.find((c) => c.harness === 'codex')!.usd).toBeCloseTo(before.configurations.find((c) => c.harness === 'codex')!.usd + second, 12);
    expect(first).toBeGreaterThan(second);
    // The judges' replies on the earlier attempt stay in the study's cost.
    expect(after.judges.usd).toBeCloseTo(judgedFirst, 12);
    expect(after.byJudge.map((j) => `${j.judge}:${j.items}`).sort()).toEqual(['local-judge:2', 'opus-judge:2', 'priced-judge:2']);
    expect((await cost()).total.usd).toBeCloseTo(workspaceBefore.total.usd + second, 12);
  });

  it('pairwise verdicts cost their two askings: a study counts those on its runs, the workspace all, and an imported one (no request made here) none', async () => {
    const { db } = api.context.workspace;
    const before = await cost(STUDY);
    const wholeBefore = await cost();
    const at = new Date(Date.UTC(2026, 2, 3)).toISOString();
    const verdict = (id: string, runA: string, runB: string, judge: string, usage: Pick<PairwiseVerdictRow, 'attempts' | 'tokens_input' | 'tokens_output' | 'cost_usd'>): PairwiseVerdictRow => ({
      id, task_id: (db.prepare('SELECT task_id FROM runs WHERE id = ?').get(runA) as { task_id: string }).task_id, run_a: runA, run_b: runB, judge, judge_model: 'gpt-5.2', tier: 'process', input_hash: id, status: 'ok',
      first_pick: 'a', second_pick: 'a', verdict: 'a', flipped: 0, reasons_json: '[]', failure: null, raw_replies: null, job_id: null, created_at: at, ...usage,
    });
    // Two of the study's runs, judged by a priced judge and by one whose price is the shipped table's.
    savePairwiseVerdict(db, verdict('v-priced', 'codex-b', 'house-a', 'pair-judge', { attempts: 2, tokens_input: 2_000, tokens_output: 100, cost_usd: 0.05 }));
    savePairwiseVerdict(db, verdict('v-table', 'codex-b', 'house-a', 'pair-judge-2', { attempts: 2, tokens_input: 1_800, tokens_output: 90, cost_usd: null }));
    // Brought by lhb import hf: paid for on another machine.
    savePairwiseVerdict(db, verdict('v-imported', 'codex-b', 'house-a', 'imported-judge', { attempts: 0, tokens_input: 9_000, tokens_output: 900, cost_usd: 1 }));
    // Two runs no study ran (the demo's arena bundles): the workspace's cost, not the study's.
    const [x, y] = (db.prepare("SELECT id FROM runs WHERE task_id = 'demo-figma-pricing' AND synthetic = 0 ORDER BY id LIMIT 2").all() as { id: string }[]).map((row) => row.id) as [string, string];
    savePairwiseVerdict(db, verdict('v-outside', x, y, 'pair-judge', { attempts: 2, tokens_input: 1_000, tokens_output: 50, cost_usd: 0.02 }));

    const table = (1_800 * filePrice('gpt-5.2')!.inputPerMillion + 90 * filePrice('gpt-5.2')!.outputPerMillion) / 1e6;
    const after = await cost(STUDY);
    expect(after.judges.usd).toBeCloseTo(before.judges.usd + 0.05 + table, 12);
    expect(after.judges.items).toBe(before.judges.items + 2);
    expect(after.total.usd).toBeCloseTo(before.total.usd + 0.05 + table, 12);
    expect(after.byJudge.find((j) => j.judge === 'pair-judge')).toMatchObject({ items: 1, usd: 0.05, tokens: { input: 2_000, output: 100 } });
    expect(after.byJudge.find((j) => j.judge === 'pair-judge-2')!.usd).toBeCloseTo(table, 12);
    expect(after.byJudge.map((j) => j.judge)).not.toContain('imported-judge');
    const whole = await cost();
    expect(whole.judges.usd).toBeCloseTo(wholeBefore.judges.usd + 0.05 + table + 0.02, 12);
    expect(whole.byJudge.find((j) => j.judge === 'pair-judge')).toMatchObject({ items: 2 });
  });

  it('a failed pairwise verdict asked again keeps what its requests cost: the study pays for both askings, and the pair still has one verdict', async () => {
    const { db } = api.context.workspace;
    const before = await cost(STUDY);
    const task = (db.prepare("SELECT task_id FROM runs WHERE id = 'codex-a'").get() as { task_id: string }).task_id;
    const row = (id: string, at: number, fields: Partial<PairwiseVerdictRow>): PairwiseVerdictRow => ({
      id, task_id: task, run_a: 'codex-a', run_b: 'codex-b', judge: 'retry-judge', judge_model: 'gpt-5.2', tier: 'output', input_hash: 'same-input',
      status: 'ok', first_pick: 'b', second_pick: 'b', verdict: 'b', flipped: 0, reasons_json: '[]', failure: null, raw_replies: null,
      attempts: 2, tokens_input: 3_000, tokens_output: 200, cost_usd: 0.07, job_id: null, created_at: new Date(Date.UTC(2026, 2, 4, 0, 0, at)).toISOString(), ...fields,
    });
    // The judge answered garbage twice (a repair request each): four requests paid for, no verdict.
    savePairwiseVerdict(db, row('v-failed', 0, { status: 'failed', first_pick: null, second_pick: null, verdict: null, failure: 'The reply could not be used', attempts: 4, tokens_input: 6_000, tokens_output: 800, cost_usd: 0.11 }));
    // Asked again: it answers.
    savePairwiseVerdict(db, row('v-ok', 1, {}));

    expect((db.prepare("SELECT id, status FROM pairwise_verdicts WHERE judge = 'retry-judge'").all())).toEqual([{ id: 'v-ok', status: 'ok' }]);
    const after = await cost(STUDY);
    expect(after.judges.usd).toBeCloseTo(before.judges.usd + 0.11 + 0.07, 12);
    expect(after.judges.items).toBe(before.judges.items + 2);
    expect(after.byJudge.find((j) => j.judge === 'retry-judge')).toMatchObject({ items: 2, tokens: { input: 9_000, output: 1_000 } });
    expect(after.byJudge.find((j) => j.judge === 'retry-judge')!.usd).toBeCloseTo(0.18, 12);

    // Storing the same verdict again (an import merging its own row back) pays for nothing new.
    savePairwiseVerdict(db, row('v-ok', 1, {}));
    expect((await cost(STUDY)).judges.usd).toBeCloseTo(after.judges.usd, 12);
  });

  it('a failed judge reply asked again keeps what its requests cost: the study counts both askings, and the run keeps the new reply only', async () => {
    const { db } = api.context.workspace;
    const before = await cost(STUDY);
    const reply = (id: string, at: number, fields: Partial<JudgeReplyRow>): JudgeReplyRow => ({
      id, run_id: 'codex-b', judge: 'retry-reply-judge', judge_model: 'gpt-5.2', tier: 'output', rubric_set: 'figma-output-expert', rubric_version: 'v1', scale: 5, input_hash: 'same-reply-input',
      status: 'ok', failure: null, raw_reply: '{}', attempts: 1, tokens_input: 3_000, tokens_output: 400, cost_usd: 0.02, duration_ms: 10, job_id: null,
      created_at: new Date(Date.UTC(2026, 2, 5, 0, 0, at)).toISOString(), ...fields,
    });
    // The judge never answered: three requests (the provider's retries), and whatever they were billed.
    insertReplyWithJudgments(db, reply('r-failed', 0, { status: 'failed', failure: 'The judge did not answer: HTTP 503 overloaded', raw_reply: null, attempts: 3, tokens_input: 500, tokens_output: 0, cost_usd: 0.001 }), []);
    // Asked again (the engine asks a reply that never came again): it answers.
    insertReplyWithJudgments(db, reply('r-ok', 1, {}), []);

    expect(db.prepare("SELECT id, status FROM judge_replies WHERE judge = 'retry-reply-judge'").all()).toEqual([{ id: 'r-ok', status: 'ok' }]);
    const after = await cost(STUDY);
    expect(after.judges.usd).toBeCloseTo(before.judges.usd + 0.001 + 0.02, 12);
    expect(after.judges.items).toBe(before.judges.items + 2);
    expect(after.byJudge.find((j) => j.judge === 'retry-reply-judge')).toMatchObject({ items: 2, tokens: { input: 3_500, output: 400 } });
    expect((await cost()).byJudge.find((j) => j.judge === 'retry-reply-judge')).toMatchObject({ items: 2 });

    // Storing the same reply again (an import merging its own row back) pays for nothing new.
    insertReplyWithJudgments(db, reply('r-ok', 1, {}), []);
    expect(await cost(STUDY)).toEqual(after);
  });
});
