import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JudgeTier, RubricSet } from '../../../schemas/judge.ts';
import { JudgeConfigSchema } from '../../../schemas/judge.ts';
import { addRevisionTurns } from '../../analysis/multi-turn-workspace.fixture.ts';
import { useTaskWorkspace } from '../../runs/study/task-workspace.fixture.ts';
import { listJudgments } from '../../store/judgment-repository.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import type { JudgeCompletionRequest, JudgeProvider } from '../providers/judge-provider.ts';
import { TINY_PNG } from '../providers/fake-judge-setup.fixture.ts';
import { createApi } from '../../api/create-api.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { openRubricLibrary } from '../rubrics/rubric-library.ts';
import { judgeRuns } from './judge-runs.ts';

const setFor = (tier: JudgeTier): RubricSet => ({
  name: `test-${tier}`,
  version: 'v1',
  tier,
  scale: 5,
  title: `Test ${tier} rubrics`,
  description: '',
  authoredBy: 'expert',
  rubrics: [{ name: 'Quality', criterion: 'How good it is.', weight: 1, anchors: { '1': 'bad', '2': 'poor', '3': 'fair', '4': 'good', '5': 'great' } }],
});

/** Each turn shows a slide of its own (distinct PNG bytes) and runs a shell call naming its turn. */
const AGENT = [
  'p=$(cat); mkdir -p out/frames; case "$p" in',
  `*legend*) cp slide-legend.png out/frames/slide-1.png; echo '{"type":"tool_call","name":"shell","arguments":{"command":"echo second-turn-step"}}'; echo '{"type":"tool_result","result":"ok","exitCode":0}' ;;`,
  `*title*) cp slide-title.png out/frames/slide-1.png; echo '{"type":"tool_call","name":"shell","arguments":{"command":"echo third-turn-step"}}'; echo '{"type":"tool_result","result":"ok","exitCode":0}' ;;`,
  `*) cp slide-first.png out/frames/slide-1.png; echo '{"type":"tool_call","name":"shell","arguments":{"command":"echo first-turn-step"}}'; echo '{"type":"tool_result","result":"ok","exitCode":0}' ;;`,
  'esac',
].join('\n');
const SLIDES = { first: Buffer.concat([TINY_PNG, Buffer.from('first')]), legend: Buffer.concat([TINY_PNG, Buffer.from('legend')]), title: Buffer.concat([TINY_PNG, Buffer.from('title')]) };

/** A judge that keeps what it was asked and scores turn 2 of 3 with 2, anything else with 4. */
function recordingJudge(): { provider: JudgeProvider; asked: JudgeCompletionRequest[] } {
  const asked: JudgeCompletionRequest[] = [];
  return {
    asked,
    provider: {
      complete: (request) => {
        asked.push(request);
        const score = textOf(request).includes('turn 2 of 3') ? 2 : 4;
        return Promise.resolve({ text: JSON.stringify({ rubric_scores: [{ rubric_name: 'Quality', score, matched_level: String(score), thinking_process: 'seen' }] }), usage: { input: 10, output: 5 }, model: 'recording' });
      },
    },
  };
}
const JUDGE = JudgeConfigSchema.parse({ name: 'recording-judge', provider: 'openai', baseUrl: 'http://127.0.0.1:9/v1', model: 'recording', apiKeyEnv: 'NO_KEY_NEEDED' });
const textOf = (request: JudgeCompletionRequest) => request.turns.flatMap((turn) => turn.content.flatMap((part) => (part.type === 'text' ? [part.text] : []))).join('\n');
const imagesOf = (request: JudgeCompletionRequest) => request.turns.flatMap((turn) => turn.content.flatMap((part) => (part.type === 'image' ? [part.data] : [])));
const progress = { signal: new AbortController().signal, report: () => {} };

describe('judging a turn of a multi-turn run', { timeout: 120_000 }, () => {
  const ws = useTaskWorkspace('lhb-judge-turns-');

  async function runThreeTurns(): Promise<string> {
    const folder = join(ws.dir, 'engine-task');
    addRevisionTurns(folder);
    for (const [name, bytes] of Object.entries(SLIDES)) writeFileSync(join(folder, 'inputs', `slide-${name}.png`), bytes);
    const { studyId } = await ws.api.call('runs.start', { tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'scripted', command: AGENT }], taskFolders: { 'engine-task': folder } });
    await ws.api.context.jobs.idle();
    const view = await ws.api.call('runs.study', { studyId });
    expect(view.runs[0]!.status).toBe('succeeded');
    return view.runs[0]!.runId!;
  }

  it('judges the last turn by default, and turn N when asked: its slides, and the revision request it answered', async () => {
    const runId = await runThreeTurns();
    const store = ws.api.context.workspace;
    const judge = recordingJudge();
    const deps = { store, providerFor: () => judge.provider };

    await judgeRuns({ judges: [JUDGE], tier: 'content', sets: [setFor('content')], runIds: [runId] }, deps, progress);
    await judgeRuns({ judges: [JUDGE], tier: 'content', sets: [setFor('content')], runIds: [runId], turn: 2 }, deps, progress);
    await judgeRuns({ judges: [JUDGE], tier: 'content', sets: [setFor('content')], runIds: [runId], turn: 1 }, deps, progress);
    expect(judge.asked).toHaveLength(3);
    const [last, second, first] = judge.asked.map((request) => ({ text: textOf(request), images: imagesOf(request) }));
    expect(last!.images).toEqual([SLIDES.title]);
    expect(last!.text).toContain('This is turn 3 of 3');
    expect(last!.text).toContain('Add a title.');
    expect(second!.images).toEqual([SLIDES.legend]);
    expect(second!.text).toContain('Add a legend.');
    expect(second!.text).not.toContain('Add a title.');
    // The first turn answered the task's instruction: no revision request.
    expect(first!.images).toEqual([SLIDES.first]);
    expect(first!.text).not.toContain('revision request');

    const project = findCurrentProject(store.db)!;
    expect(listJudgments(store.db, project.id).map((j) => j.turn).sort()).toEqual([1, 2, 3]);
    const listed = await ws.api.call('judge.list', { runId });
    expect(listed.judgments.map((j) => j.turn).sort()).toEqual([1, 2, 3]);
    // The analysis counts the run at its last judged turn (scored 4), not the mean over its turns.
    const report = await ws.api.call('analysis.report', { resamples: 100, seed: 'turns' });
    expect(report.study.judgments).toBe(1);
    expect(report.leaderboards.find((board) => board.tier === 'content')!.rows.map((row) => row.mean)).toEqual([4]);
  });

  it("shows the process tier only the judged turn's segment of the trajectory, and leaves out a run without that turn, saying why", async () => {
    const runId = await runThreeTurns();
    const judge = recordingJudge();
    const deps = { store: ws.api.context.workspace, providerFor: () => judge.provider };
    await judgeRuns({ judges: [JUDGE], tier: 'process', sets: [setFor('process')], runIds: [runId], turn: 2 }, deps, progress);
    const text = textOf(judge.asked[0]!);
    expect(text).toContain('second-turn-step');
    expect(text).not.toContain('first-turn-step');
    expect(text).not.toContain('third-turn-step');
    expect(text).toContain('Only turn 2 of 3 is shown');

    const summary = await judgeRuns({ judges: [JUDGE], tier: 'process', sets: [setFor('process')], runIds: [runId], turn: 4 }, deps, progress);
    expect(summary.skipped).toEqual([{ runId, reason: 'it has 3 turns, not a turn 4' }]);
  });

  it('keeps the turn a judgment judged through an export and an import into another workspace', async () => {
    const runId = await runThreeTurns();
    const judge = recordingJudge();
    // A set the workspace's library holds, as a judging job's are: the export's rubrics subset carries it.
    const set: RubricSet = { ...setFor('process'), taskKinds: 'any' };
    openRubricLibrary(ws.api.context.workspace.db).save(set);
    await judgeRuns({ judges: [JUDGE], tier: 'process', sets: [set], runIds: [runId], turn: 2 }, { store: ws.api.context.workspace, providerFor: () => judge.provider }, progress);
    const out = join(ws.dir, 'export');
    const { jobId } = await ws.api.call('export.hf', { outDir: out, subsets: ['runs', 'judgments', 'rubrics'] });
    await ws.api.context.jobs.idle();
    const jobs = (await ws.api.call('jobs.list', { limit: 50 })).jobs;
    expect((await ws.api.call('export.result', { jobId })).result, JSON.stringify(jobs.find((job) => job.id === jobId))).toBeTruthy();

    const other = createApi(openWorkspace(join(ws.dir, 'other-ws')));
    try {
      const { jobId: importJob } = await other.call('import.hf', { dir: out });
      await other.context.jobs.idle();
      const { result } = await other.call('import.result', { jobId: importJob });
      const otherJobs = (await other.call('jobs.list', { limit: 50 })).jobs;
      expect(result, JSON.stringify(otherJobs.find((job) => job.id === importJob))).toBeTruthy();
      const imported = await other.call('judge.list', { runId });
      expect(imported.judgments.map((j) => [j.rubric, j.turn])).toEqual([['Quality', 2]]);
    } finally {
      await other.close();
    }
  });
});
