import type { ApiContext } from './api-context.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { exportHf } from './handlers/export-hf.ts';
import { exportResult } from './handlers/export-result.ts';
import { importHf } from './handlers/import-hf.ts';
import { importResult } from './handlers/import-result.ts';

/** The dataset export (core/export) and its import (core/import). */
export function registerExportHandlers(registry: HandlerRegistry<ApiContext>): void {
  registry.add('export.hf', exportHf).add('export.result', exportResult);
  registry.add('import.hf', importHf).add('import.result', importResult);
}
