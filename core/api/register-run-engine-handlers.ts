import { resolve } from 'node:path';
import { compareRuns } from '../runs/compare/compare-runs.ts';
import { harnessToolsDir } from '../runs/harnesses/harness-tools.ts';
import { skillVersionChoices } from '../runs/skills/skill-versions.ts';
import { demoStudySpec, importDemoTaskFolders } from '../runs/study/demo-study.ts';
import { studyMcpVariableRequests } from '../runs/study/task-mcp-servers.ts';
import { rememberedSlurmSettings } from '../runs/study/slurm-settings.ts';
import { StudyRequestSchema } from '../../schemas/studies.ts';
import type { ApiContext } from './api-context.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { fullId } from './handlers/full-id.ts';
import { harnessesList } from './handlers/harnesses-list.ts';
import { studyEngineOf } from './handlers/run-engine-context.ts';
import { runsAssets } from './handlers/runs-assets.ts';
import { runsExportAtif } from './handlers/runs-export-atif.ts';
import { runsIdentify } from './handlers/runs-identify.ts';
import { runsShow } from './handlers/runs-show.ts';
import { runsStudy } from './handlers/runs-study.ts';
import { runsTrajectory } from './handlers/runs-trajectory.ts';

/** The run engine (core/runs/study): studies of harness runs, their runs and the harnesses found. */
export function registerRunEngineHandlers(registry: HandlerRegistry<ApiContext>): void {
  registry
    // Checks a study (tasks, skill, harnesses) and starts it as a job; a study named like an earlier one resumes it if nothing changed.
    .add('runs.start', (input, ctx) => studyEngineOf(ctx).start(input))
    // Records a study without running it: `lhb runs start --detach` then runs it in a process of its own (lhb runs resume).
    .add('runs.prepare', (input, ctx) => studyEngineOf(ctx).prepare(input))
    .add('runs.startDemo', async (_input, ctx) => {
      // The demo's spec is made here rather than sent, so it is parsed here as runs.start's input is at dispatch.
      const spec = StudyRequestSchema.parse(demoStudySpec(harnessToolsDir(ctx.workspace.dir)));
      await importDemoTaskFolders(ctx.workspace);
      return studyEngineOf(ctx).start(spec);
    })
    .add('runs.skillVersions', (input) => skillVersionChoices(input.dir))
    // What the New study form shows before start: which task servers ask for which variables (folders as runs.start resolves them).
    .add('runs.mcpVariables', (input) => ({ requests: studyMcpVariableRequests(input.tasks, Object.fromEntries(Object.entries(input.taskFolders).map(([id, folder]) => [id, resolve(folder)]))) }))
    // Resumes a study: finished runs are kept, unfinished ones run again.
    .add('runs.resume', (input, ctx) => studyEngineOf(ctx).resume(fullId(ctx, ['studies'], input.studyId), { retryFailed: input.retryFailed === true }))
    // Runs a study's failed, timed-out and no-output runs again (auth failures too: the user fixed the key).
    .add('runs.retryFailed', (input, ctx) => studyEngineOf(ctx).retryFailed(fullId(ctx, ['studies'], input.studyId)))
    .add('runs.cancel', (input, ctx) =>
      studyEngineOf(ctx).cancel(input.studyId ? { studyId: fullId(ctx, ['studies'], input.studyId) } : { runId: fullId(ctx, ['study_runs'], input.runId!) }),
    )
    .add('runs.studies', (_input, ctx) => ({ studies: studyEngineOf(ctx).list() }))
    .add('runs.study', runsStudy)
    .add('runs.show', runsShow)
    .add('runs.slurmSettings', (_input, ctx) => ({ settings: rememberedSlurmSettings(ctx.workspace.db) }))
    .add('runs.identify', runsIdentify)
    .add('runs.retry', (input, ctx) => studyEngineOf(ctx).retry(fullId(ctx, ['study_runs', 'runs'], input.runId)))
    .add('runs.trajectory', runsTrajectory)
    .add('runs.compare', (input, ctx) => compareRuns(ctx.workspace, fullId(ctx, ['runs', 'study_runs'], input.a), fullId(ctx, ['runs', 'study_runs'], input.b)))
    .add('runs.exportAtif', runsExportAtif)
    .add('runs.assets', runsAssets)
    .add('harnesses.list', harnessesList);
}
