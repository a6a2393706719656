import type { ExportContext } from './export-context.ts';

/**
 * Whether every run a record touches is in the export's scope (`lhb export hf --study`): a run
 * one of the chosen studies executed. No scope: every record is. A vote between a chosen
 * study's run and another's is left out, as the analysis leaves it out of the scoped figures.
 */
export function inExportScope(ctx: Pick<ExportContext, 'scope'>, ...runIds: string[]): boolean {
  return !ctx.scope || runIds.every((id) => ctx.scope!.runs.has(id));
}
