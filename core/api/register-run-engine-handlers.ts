import type { ApiContext } from './api-context.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { harnessesList } from './handlers/harnesses-list.ts';
import { runsAssets } from './handlers/runs-assets.ts';
import { runsCancel } from './handlers/runs-cancel.ts';
import { runsExportAtif } from './handlers/runs-export-atif.ts';
import { runsResume } from './handlers/runs-resume.ts';
import { runsRetry } from './handlers/runs-retry.ts';
import { runsShow } from './handlers/runs-show.ts';
import { runsSlurmSettings } from './handlers/runs-slurm-settings.ts';
import { runsStart } from './handlers/runs-start.ts';
import { runsStudies } from './handlers/runs-studies.ts';
import { runsStudy } from './handlers/runs-study.ts';
import { runsTrajectory } from './handlers/runs-trajectory.ts';

/** The run engine (core/runs/study): studies of harness runs, their runs and the harnesses found. */
export function registerRunEngineHandlers(registry: HandlerRegistry<ApiContext>): void {
  registry
    .add('runs.start', runsStart)
    .add('runs.resume', runsResume)
    .add('runs.cancel', runsCancel)
    .add('runs.studies', runsStudies)
    .add('runs.study', runsStudy)
    .add('runs.show', runsShow)
    .add('runs.slurmSettings', runsSlurmSettings)
    .add('runs.retry', runsRetry)
    .add('runs.trajectory', runsTrajectory)
    .add('runs.exportAtif', runsExportAtif)
    .add('runs.assets', runsAssets)
    .add('harnesses.list', harnessesList);
}
