import type { ApiContext } from './api-context.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { exportHf } from './handlers/export-hf.ts';
import { exportResult } from './handlers/export-result.ts';

/** The dataset export (core/export). */
export function registerExportHandlers(registry: HandlerRegistry<ApiContext>): void {
  registry.add('export.hf', exportHf).add('export.result', exportResult);
}
