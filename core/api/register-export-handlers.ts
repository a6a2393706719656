import { exportJobResult } from '../export/export-job.ts';
import { importJobResult } from '../import/import-job.ts';
import type { ApiContext } from './api-context.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { exportHf } from './handlers/export-hf.ts';
import { importHf } from './handlers/import-hf.ts';

/** The dataset export (core/export) and its import (core/import). */
export function registerExportHandlers(registry: HandlerRegistry<ApiContext>): void {
  registry.add('export.hf', exportHf).add('export.result', (input, ctx) => ({ result: exportJobResult(ctx.jobs, input.jobId) ?? null }));
  registry.add('import.hf', importHf).add('import.result', (input, ctx) => ({ result: importJobResult(ctx.jobs, input.jobId) ?? null }));
}
