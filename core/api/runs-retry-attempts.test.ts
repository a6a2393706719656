import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertAnnotator } from '../store/annotator-repository.ts';
import { countExportJudgments, countExportRuns, countExportVotes } from '../store/export-queries.ts';
import { insertJudgment } from '../store/judgment-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { findRun } from '../store/run-repository.ts';
import { countRunReferences } from '../store/study-repository.ts';
import { insertPresentation, insertVote } from '../store/vote-repository.ts';
import { importTestTask } from '../runs/study/study-engine.fixture.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { createApi, type Api } from './create-api.ts';

// A run the command harness builds: one tool call, a page in out/dist.
const BUILD = `mkdir -p out/dist && { cat data.csv 2>/dev/null || echo page; } > out/dist/index.html && echo '{"type":"tool_call","name":"shell","arguments":{"command":"build"}}' && echo '{"type":"tool_result","result":"ok","exitCode":0}'`;

let dir: string;
let api: Api;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-retry-attempts-'));
  api = createApi(openWorkspace(join(dir, 'ws')));
  await importTestTask(api.context.workspace, dir);
});
afterEach(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const now = () => new Date().toISOString();
const judge = (runId: string, id: string, score: number) =>
  insertJudgment(api.context.workspace.db, { id, run_id: runId, judge: 'judge-x', tier: 'output', rubric: 'clarity', rubric_version: 'v1', rationale: 'r', synthetic: 0, created_at: now(), score });

/** One vote by one annotator on the pair of `first` and `second`, `winner` winning on the left (the store keeps a pair's runs in id order). */
function vote(id: string, first: string, second: string, winner: string): void {
  const [a, b] = first < second ? [first, second] : [second, first];
  const shownOrder = winner === a ? 'a-left' : 'b-left';
  const db = api.context.workspace.db;
  const project = findCurrentProject(db)!;
  if (!db.prepare('SELECT 1 FROM annotators WHERE id = ?').get('ann-1')) insertAnnotator(db, { id: 'ann-1', project_id: project.id, name: 'Expert', queue_seed: 's', synthetic: 0, created_at: now() });
  insertPresentation(db, { id: `p-${id}`, token: `t-${id}`, annotator_id: 'ann-1', task_id: 'engine-task', run_a: a, run_b: b, shown_order: shownOrder, created_at: now() });
  const loser = winner === a ? b : a;
  insertVote(db, {
    id, presentation_id: `p-${id}`, annotator_id: 'ann-1', task_id: 'engine-task', run_a: a, run_b: b, shown_order: shownOrder, left_run: winner, right_run: loser,
    choice: 'left', winner_run: winner, rating_left: 5, rating_right: 1, reason: 'clearer', time_on_item_ms: 60_000, synthetic: 0, created_at: now(), retracted_at: null,
  } as Parameters<typeof insertVote>[1]);
}

describe('retrying a judged and voted run', { timeout: 120_000 }, () => {
  it('runs a new attempt under a new run id in the same place; the earlier one keeps its judgments, votes and trajectory, and the figures count the new one only', async () => {
    const { studyId } = await api.call('runs.start', { tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'model-a', command: BUILD }, { harness: 'command', model: 'model-b', command: BUILD }], sandbox: false });
    await api.context.jobs.idle();
    const [slotA, slotB] = (await api.call('runs.study', { studyId })).runs;
    expect([slotA!.status, slotB!.status], slotA!.errorMessage ?? '').toEqual(['succeeded', 'succeeded']);
    const oldA = slotA!.runId!;
    const runB = slotB!.runId!;
    judge(oldA, 'j-old-a', 1);
    judge(runB, 'j-b', 3);
    vote('v-old', oldA, runB, oldA);
    const before = (await api.call('analysis.report', {})).preference.votes;
    expect(before).toBe(1);
    const viewed = (await api.call('runs.study', { studyId })).runs[0]!;
    expect(viewed).toMatchObject({ judgments: 1, votes: 1, earlierAttempts: 0 });

    // A succeeded run nobody judged is still refused; this one is judged and voted on, so it gets a new attempt.
    const started = await api.call('runs.retry', { runId: slotA!.id });
    expect(started).toMatchObject({ studyRunId: slotA!.id, studyId, attempt: 2, earlier: { runId: oldA, attempt: 1, judgments: 1, votes: 1 } });
    await api.context.jobs.idle();

    const after = (await api.call('runs.study', { studyId })).runs;
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ id: slotA!.id, status: 'succeeded', earlierAttempts: 1, judgments: 0, votes: 0 });
    const newA = after[0]!.runId!;
    expect(newA).not.toBe(oldA);
    // Same slot: same task, configuration and repeat.
    const [oldRow, newRow] = [findRun(api.context.workspace.db, oldA)!, findRun(api.context.workspace.db, newA)!];
    expect([newRow.task_id, newRow.config_id]).toEqual([oldRow.task_id, oldRow.config_id]);

    // The earlier attempt is still in the store, with its judgments and votes, counted from the store.
    expect(countRunReferences(api.context.workspace.db, oldA)).toEqual({ judgments: 1, votes: 1 });
    const oldTrajectory = (await api.call('runs.trajectory', { runId: oldA })).trajectory;
    expect(oldTrajectory?.steps.flatMap((step) => step.toolCalls.map((call) => call.name))).toEqual(['shell']);
    // The first attempt's run id is the study run's own: it now opens that earlier attempt, and the new run id the current one.
    expect(oldA).toBe(slotA!.id);
    expect((await api.call('runs.assets', { runId: oldA })).runId).toBe(oldA);
    expect((await api.call('runs.assets', { runId: newA })).runId).toBe(newA);
    expect((await api.call('runs.show', { runId: newA })).run).toMatchObject({ id: newA, status: 'succeeded' });

    // The new attempt is judged higher: counted alone its configuration's mean is 5; both attempts counted would make it 3.
    judge(newA, 'j-new-a', 5);
    const report = await api.call('analysis.report', {});
    expect(report.preference.votes).toBe(0); // the only vote named the earlier attempt
    const board = report.leaderboards.find((candidate) => candidate.tier === 'output')!;
    const meanOf = (model: string) => board.rows.find((row) => row.label.includes(model))!.mean;
    expect(meanOf('model-a')).toBe(5);
    expect(meanOf('model-b')).toBe(3);

    // The export counts one attempt per slot too.
    const project = findCurrentProject(api.context.workspace.db)!;
    expect(countExportRuns(api.context.workspace.db, project.id, 0, 1)).toBe(2);
    expect(countExportJudgments(api.context.workspace.db, project.id, 0, 1)).toBe(2);
    expect(countExportVotes(api.context.workspace.db, project.id, 0, 1)).toBe(0);

    // The runs list shows the current attempts; with every attempt, the earlier one too, marked.
    const current = await api.call('runs.list', { taskId: 'engine-task' });
    expect(current.runs.map((run) => run.id).sort()).toEqual([newA, runB].sort());
    expect(current.runs.find((run) => run.id === newA)).toMatchObject({ attempt: 2, attemptCount: 2, superseded: false });
    const every = await api.call('runs.list', { taskId: 'engine-task', allAttempts: true });
    expect(every.runs).toHaveLength(3);
    expect(every.runs.find((run) => run.id === oldA)).toMatchObject({ attempt: 1, attemptCount: 2, superseded: true, judgments: 1, studyId });
  });

  it('retries the earlier attempt\'s slot when given the earlier run id, and refuses a plainly succeeded run nobody judged', async () => {
    const { studyId } = await api.call('runs.start', { tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'model-a', command: BUILD }], sandbox: false });
    await api.context.jobs.idle();
    const slot = (await api.call('runs.study', { studyId })).runs[0]!;
    expect(slot.status, slot.errorMessage ?? '').toBe('succeeded');
    await expect(api.call('runs.retry', { runId: slot.id })).rejects.toThrow(/succeeded; retrying it would replace a finished result/);
    judge(slot.runId!, 'j1', 2);
    const second = await api.call('runs.retry', { runId: slot.id });
    await api.context.jobs.idle();
    const attempt2 = (await api.call('runs.study', { studyId })).runs[0]!.runId!;
    judge(attempt2, 'j2', 4);
    // By the second attempt's run id: the third attempt, both earlier ones kept.
    const third = await api.call('runs.retry', { runId: attempt2 });
    await api.context.jobs.idle();
    expect([second.attempt, third.attempt, third.earlier?.attempt]).toEqual([2, 3, 2]);
    const every = await api.call('runs.list', { allAttempts: true });
    expect(every.runs.map((run) => [run.attempt, run.attemptCount, run.superseded]).sort()).toEqual([
      [1, 3, true],
      [2, 3, true],
      [3, 3, false],
    ]);
    expect((await api.call('runs.list', {})).runs).toHaveLength(1);
  });
});
