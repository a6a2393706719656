import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrajectorySchema, type TrajectoryError } from '../../schemas/trajectory.ts';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';
import { scopeVoterCall } from '../api/voter-scope.ts';
import { recordJudgment } from '../judge/record-judgment.ts';
import { insertAnnotator } from '../store/annotator-repository.ts';
import { requireCurrentProject } from '../store/project-repository.ts';
import { insertPresentation, insertVote, retractVote } from '../store/vote-repository.ts';
import { RARE_ERROR, RARE_TOOL, recordGeneratedStudy } from './generated-runs.fixture.ts';

let dir: string;
let api: Api;
let all: string[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-search-'));
  api = await openApi(join(dir, 'workspace'), { emptyProject: { name: 'Search' } });
  const { workspace } = api.context;
  all = [...recordGeneratedStudy(workspace, { studyId: 'study-a', runs: 40, steps: 120, seed: 'search-a' }).runIds, ...recordGeneratedStudy(workspace, { studyId: 'study-b', runs: 20, steps: 120, seed: 'search-b' }).runIds];
}, 120_000);

afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every run whose stored trajectory (read from the blob store, not the index) or stored errors satisfy `has`. */
function scan(api: Api, has: (trajectory: ReturnType<typeof TrajectorySchema.parse>, errors: TrajectoryError[]) => boolean): string[] {
  const { db, blobs } = api.context.workspace;
  const rows = db.prepare('SELECT coalesce(run_id, id) AS id, trajectory_sha256, errors_json FROM study_runs WHERE trajectory_sha256 IS NOT NULL ORDER BY id').all() as { id: string; trajectory_sha256: string; errors_json: string }[];
  return rows.filter((row) => has(TrajectorySchema.parse(JSON.parse(blobs.read(row.trajectory_sha256).toString('utf8'))), JSON.parse(row.errors_json) as TrajectoryError[])).map((row) => row.id);
}

async function runsFound(query: string, options: { kinds?: ('tool_call' | 'error' | 'tool_result' | 'evidence' | 'reason')[]; studyId?: string } = {}): Promise<string[]> {
  const found = new Set<string>();
  for (let offset = 0; ; offset += 500) {
    const page = await api.call('search.query', { query, ...options, limit: 500, offset });
    page.hits.forEach((hit) => found.add(hit.runId));
    if (offset + 500 >= page.total) {
      expect(page.runs).toBe(found.size);
      return [...found].sort();
    }
  }
}

describe('search over the stored runs', () => {
  it('finds every run that called a tool, and no other, as a scan of the stored trajectories does', async () => {
    const called = scan(api, (trajectory) => trajectory.steps.some((step) => step.toolCalls.some((call) => call.name === RARE_TOOL)));
    expect(called.length).toBeGreaterThan(0);
    expect(called.length).toBeLessThan(all.length);
    expect(await runsFound(RARE_TOOL, { kinds: ['tool_call'] })).toEqual(called);
  });

  it('finds every run where an error text appeared, and no other, at the step it appeared', async () => {
    const failed = scan(api, (_trajectory, errors) => errors.some((error) => error.message === RARE_ERROR));
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThan(all.length);
    expect(await runsFound(`"${RARE_ERROR}"`)).toEqual(failed);
    const page = await api.call('search.query', { query: `"${RARE_ERROR}"`, kinds: ['error'], limit: 500 });
    const { db, blobs } = api.context.workspace;
    for (const hit of page.hits) {
      const sha = db.prepare('SELECT trajectory_sha256 FROM study_runs WHERE run_id = ?').pluck().get(hit.runId) as string;
      const step = TrajectorySchema.parse(JSON.parse(blobs.read(sha).toString('utf8'))).steps[hit.step! - 1]!;
      expect(step.toolCalls[0]!.result).toBe(RARE_ERROR);
      expect(hit.snippet.filter((part) => part.match).map((part) => part.text).join(' ')).toContain('Cannot read properties of undefined');
      expect(hit).toMatchObject({ studyId: expect.stringMatching(/^study-/), task: expect.stringContaining('Dashboard'), configuration: 'claude-code · claude-sonnet-4-5' });
    }
  });

  it('keeps to one study when asked, by its id or the start of it', async () => {
    const inB = scan(api, (trajectory) => trajectory.steps.some((step) => step.toolCalls.some((call) => call.name === RARE_TOOL))).filter((id) => id.startsWith('study-b'));
    expect(await runsFound(RARE_TOOL, { kinds: ['tool_call'], studyId: 'study-b' })).toEqual(inB);
    await expect(api.call('search.query', { query: 'chart', studyId: 'no-such-study' })).rejects.toMatchObject({ code: 'not_found', field: 'studyId' });
  });

  it('finds what is written after the index exists: a new run, a judgment’s evidence, a vote’s reason, and forgets a retracted vote', async () => {
    const before = await api.call('search.query', { query: 'zanzibar' });
    expect(before.total).toBe(0);
    const { workspace } = api.context;
    const { db } = workspace;
    const late = recordGeneratedStudy(workspace, { studyId: 'study-late', runs: 1, steps: 5, seed: 'late' }).runIds[0]!;
    recordJudgment(db, { runId: late, judge: 'J1', tier: 'output', rubric: 'output.fidelity', rubricVersion: 'v1', score: 2, rationale: 'The zanzibar legend overlaps the chart.', createdAt: '2026-05-02T00:00:00.000Z' });
    const project = requireCurrentProject(db);
    insertAnnotator(db, { id: 'expert', project_id: project.id, name: 'Expert', queue_seed: 's', synthetic: 0, created_at: '2026-05-02T00:00:00.000Z' });
    // A pair's runs are stored in id order: the vote's reason is indexed under its first run.
    const [runA, runB] = [all[0]!, late];
    insertPresentation(db, { id: 'p1', token: 'p1', annotator_id: 'expert', task_id: 'study-late-task', run_a: runA, run_b: runB, shown_order: 'a-left', created_at: '2026-05-02T00:00:00.000Z' });
    insertVote(db, { id: 'v1', presentation_id: 'p1', annotator_id: 'expert', task_id: 'study-late-task', run_a: runA, run_b: runB, shown_order: 'a-left', left_run: runA, right_run: runB, choice: 'right', winner_run: runB, rating_left: 2, rating_right: 4, reason: 'Zanzibar-blue buttons everywhere', time_on_item_ms: 9000, synthetic: 0, created_at: '2026-05-02T00:00:00.000Z', retracted_at: null, turn: null });

    const after = await api.call('search.query', { query: 'zanzibar' });
    expect(after.hits.map((hit) => [hit.runId, hit.kind])).toEqual([
      [runA, 'reason'],
      [late, 'evidence'],
    ]);
    expect(after.hits[0]!.vote).toEqual({ id: 'v1', otherRunId: late, choice: 'right' });
    expect(after.hits[1]!.judgment).toMatchObject({ judge: 'J1', rubric: 'output.fidelity', score: 2 });
    expect((await api.call('search.query', { query: 'zanzibar', kinds: ['reason'] })).hits).toHaveLength(1);
    expect((await api.call('search.query', { query: 'build the dashboard', studyId: 'study-late' })).runs).toBe(1);

    retractVote(db, 'v1', '2026-05-02T00:01:00.000Z');
    expect((await api.call('search.query', { query: 'zanzibar' })).hits.map((hit) => hit.kind)).toEqual(['evidence']);
  });

  it('searches words, "exact phrases", prefixes and OR, and says what it searched', async () => {
    const phrase = await api.call('search.query', { query: '"no such file or directory"', kinds: ['error'], limit: 1 });
    const words = await api.call('search.query', { query: 'directory no file', kinds: ['error'], limit: 1 });
    expect(phrase.total).toBeGreaterThan(0);
    expect(words.total).toBeGreaterThanOrEqual(phrase.total);
    expect(phrase.searched).toBe('"no such file or directory"');
    const prefix = await api.call('search.query', { query: 'enoe*', kinds: ['error'], limit: 1 });
    expect(prefix.total).toBe(phrase.total);
    const either = await api.call('search.query', { query: 'ENOENT OR lint', kinds: ['error'], limit: 1 });
    const lint = await api.call('search.query', { query: 'lint', kinds: ['error'], limit: 1 });
    expect(either.total).toBe(phrase.total + lint.total);
    expect(either.searched).toBe('ENOENT OR lint');
  });

  it.each([
    '"',
    '"unterminated phrase',
    'a" b "c',
    'chart AND',
    'AND OR NOT',
    'NEAR(chart legend, 3)',
    '*',
    'char*',
    '**chart',
    '(',
    ')) OR ((',
    'body: chart',
    'kind : "tool call"',
    '^chart',
    '-chart +legend',
    'chart\u0000legend',
    '\u0002chart\u0003',
    'Ünïcödé 日本語のテキスト 🚀 ',
    "'; DROP TABLE runs; --",
    '{body kind}: chart',
    'x'.repeat(1000),
  ])('answers %j without an error', async (query) => {
    const result = await api.call('search.query', { query, limit: 5 });
    expect(result.total).toBeGreaterThanOrEqual(0);
    expect(result.hits.length).toBeLessThanOrEqual(5);
  });

  it('gives no hits and says so for a query with no word in it', async () => {
    expect(await api.call('search.query', { query: '(( * ")' })).toMatchObject({ searched: null, hits: [], total: 0, runs: 0 });
  });

  it('is closed to invite links', () => {
    expect(() => scopeVoterCall(api.context.workspace.db, 'search.query', { query: 'chart' }, { role: 'voter', inviteId: 'i', annotatorId: 'a', annotatorName: 'Ann', expiresAt: '2099-01-01T00:00:00.000Z' })).toThrow(
      expect.objectContaining({ code: 'forbidden' }),
    );
  });
});
