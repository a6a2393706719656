import { exportJobResult } from '../export/export-job.ts';
import { importJobResult } from '../import/import-job.ts';
import { reportJobResult } from '../report/report-job.ts';
import type { ApiContext } from './api-context.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { exportHf } from './handlers/export-hf.ts';
import { exportPush, exportPushSettings } from './handlers/export-push.ts';
import { hubPushJobProblem, hubPushJobResult } from '../export/hub-push-job.ts';
import { importHf } from './handlers/import-hf.ts';
import { reportWrite } from './handlers/report-write.ts';

/** The dataset export (core/export), its push to the Hub (core/export/hub), its import (core/import), and the report (core/report): what leaves the workspace as files. */
export function registerExportHandlers(registry: HandlerRegistry<ApiContext>): void {
  registry.add('export.hf', exportHf).add('export.result', (input, ctx) => ({ result: exportJobResult(ctx.jobs, input.jobId) ?? null }));
  registry
    .add('export.push', exportPush)
    .add('export.pushSettings', exportPushSettings)
    .add('export.pushResult', (input, ctx) => ({ result: hubPushJobResult(ctx.jobs, input.jobId) ?? null, problem: hubPushJobProblem(ctx.jobs, input.jobId) ?? null }));
  registry.add('report.write', reportWrite).add('report.result', (input, ctx) => ({ result: reportJobResult(ctx.jobs, input.jobId) ?? null }));
  registry.add('import.hf', importHf).add('import.result', (input, ctx) => ({ result: importJobResult(ctx.jobs, input.jobId) ?? null }));
}
