import { afterEach, describe, expect, it } from 'vitest';
import type { JudgeConfig, JudgeTier } from '../../../schemas/judge.ts';
import { JobRunner } from '../../jobs/job-runner.ts';
import { listJudgmentsWithReplies } from '../../store/judge-reply-repository.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { FAKE_KEYS, fakeJudgeConfig } from '../providers/fake-judge-setup.fixture.ts';
import { startFakeOpenAiServer } from '../../model-apis/openai-chat/fake-openai-server.fixture.ts';
import type { FakeProviderServer } from '../../model-apis/fake-model-api-server.fixture.ts';
import type { JudgeRunsSummary } from './judge-runs.ts';
import { validReplyTo } from './judging-workspace.fixture.ts';
import { startJudgingJob } from './start-judging-job.ts';
import { twoKindsWorkspace, type TwoKindsWorkspace } from './two-kinds-workspace.fixture.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(): Promise<{ ws: TwoKindsWorkspace; server: FakeProviderServer; judge: JudgeConfig }> {
  const ws = twoKindsWorkspace();
  cleanups.push(() => ws.close());
  const server = await startFakeOpenAiServer({ respond: (request) => ({ type: 'text', text: validReplyTo(request.prompt.text), usage: { input: 100, output: 10 } }) });
  cleanups.push(() => server.close());
  return { ws, server, judge: fakeJudgeConfig('openai', server) };
}

/** Judges the workspace at a tier with the default sets, as `lhb judge --tier T` does, and waits for the job. */
async function judgeTier(ws: TwoKindsWorkspace, judges: JudgeConfig[], tier: JudgeTier, rubricSets?: string[]): Promise<JudgeRunsSummary> {
  const jobs = new JobRunner(ws.workspace.db);
  cleanups.push(() => jobs.shutdown());
  let summary: JudgeRunsSummary | undefined;
  startJudgingJob(ws.workspace, jobs, { judges, tier, ...(rubricSets ? { rubricSets } : {}) }, { apiKeys: FAKE_KEYS, onSummary: (value) => (summary = value) });
  await jobs.idle();
  expect(summary, jobs.list(5)[0]?.message).toBeDefined();
  return summary!;
}

/** Which rubric sets each run's stored judgments were made with. */
function setsByRun(ws: TwoKindsWorkspace): Record<string, string[]> {
  const rows = listJudgmentsWithReplies(ws.workspace.db, findCurrentProject(ws.workspace.db)!.id);
  const byRun: Record<string, Set<string>> = {};
  for (const row of rows) (byRun[row.run_id] ??= new Set()).add(`${row.rubric_set}@${row.rubric_version}`);
  return Object.fromEntries(Object.entries(byRun).map(([run, sets]) => [run, [...sets].sort()]));
}

describe('judging by task kind', () => {
  it('the process tier judges Figma runs with the Figma process sets and programmatic runs with the programmatic process set, never the other way', async () => {
    const { ws, judge } = await setUp();
    const summary = await judgeTier(ws, [judge], 'process');
    expect(setsByRun(ws)).toEqual({
      'figma-run-1': ['figma-process@v1'],
      'figma-run-2': ['figma-process@v1'],
      'content-run-1': ['programmatic-process@v1'],
    });
    expect(summary.skipped).toEqual([{ runId: 'content-run-2', reason: expect.stringContaining('no trajectory') }]);
    expect(summary.units).toMatchObject({ total: 3, ok: 3 });
  });

  it('a set named with --rubrics judges only the runs of its kinds; the others are left out saying whose set it is', async () => {
    const { ws, judge } = await setUp();
    const summary = await judgeTier(ws, [judge], 'process', ['generic-process']);
    expect(setsByRun(ws)).toEqual({ 'figma-run-1': ['generic-process@v1'], 'figma-run-2': ['generic-process@v1'] });
    expect(summary.skipped).toContainEqual({ runId: 'content-run-1', reason: 'no rubric set of the process tier is for programmatic tasks (generic-process@v1 is for figma tasks)' });
  });

  it('the content tier judges only programmatic runs; Figma runs are left out saying no content set is for Figma tasks', async () => {
    const { ws, judge } = await setUp();
    const summary = await judgeTier(ws, [judge], 'content');
    expect(setsByRun(ws)).toEqual({
      'content-run-1': ['programmatic-content@v1'],
      'content-run-2': ['programmatic-content@v1'],
    });
    expect(summary.skipped.map((skip) => skip.runId).sort()).toEqual(['figma-run-1', 'figma-run-2']);
    for (const skip of summary.skipped) expect(skip.reason).toMatch(/no rubric set of the content tier is for figma tasks/);
  });

  it('the output tier judges only Figma runs', async () => {
    const { ws, judge } = await setUp();
    const summary = await judgeTier(ws, [judge], 'output');
    expect(setsByRun(ws)).toEqual({ 'figma-run-1': ['figma-output@v1'], 'figma-run-2': ['figma-output@v1'] });
    expect(summary.skipped.map((skip) => skip.runId).sort()).toEqual(['content-run-1', 'content-run-2']);
  });
});
