import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createApi, type Api } from '../api/create-api.ts';
import { importTestTask, writeTestSkill } from '../runs/study/study-engine.fixture.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { buildAnalysisReport } from './build-analysis-report.ts';

let dir: string;
let api: Api;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-no-output-'));
  api = createApi(openWorkspace(join(dir, 'ws')));
});
afterEach(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

it('a run that ended without an error but left nothing in out/ is not a success in the ablation', async () => {
  const taskFolder = await importTestTask(api.context.workspace, dir);
  const skillDir = writeTestSkill(dir);
  // With the skill the agent stops without writing anything; without it, it builds the page.
  const command = 'if [ -f .agents/skills/demo-skill/SKILL.md ]; then echo "nothing to do"; else mkdir -p out/dist && echo "<h1>Trend</h1>" > out/dist/index.html; fi';
  const { studyId } = await api.call('runs.start', { tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'm', command }], skill: { dir: skillDir, versions: ['none', 'v2'] }, repeats: 2, taskFolders: { 'engine-task': taskFolder } });
  await api.context.jobs.idle();
  const { runs } = await api.call('runs.study', { studyId });
  expect(runs.map((run) => [run.versions.skill, run.status, run.noOutput]).sort()).toEqual([
    ['none', 'succeeded', false],
    ['none', 'succeeded', false],
    ['v2', 'succeeded', true],
    ['v2', 'succeeded', true],
  ]);

  const report = buildAnalysisReport(api.context.workspace.db, { resamples: 100, seed: 'no-output', synthetic: 'exclude' });
  const group = report.ablation.groups.find((candidate) => candidate.harness === 'command')!;
  expect(group.arms.map((arm) => [arm.skill, arm.runs, arm.succeeded, arm.deployable])).toEqual([
    ['none', 2, 2, 2],
    ['v2', 2, 0, 0],
  ]);
});
