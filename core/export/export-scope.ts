import { PAGE_ROWS, type ExportContext } from './export-context.ts';

/**
 * Whether every run a record touches is in the export's scope (`lhb export hf --study`): a run
 * one of the chosen studies executed. No scope: every record is. A vote between a chosen
 * study's run and another's is left out, as the analysis leaves it out of the scoped figures.
 */
export function inExportScope(ctx: Pick<ExportContext, 'scope'>, ...runIds: string[]): boolean {
  return !ctx.scope || runIds.every((id) => ctx.scope!.runs.has(id));
}

/**
 * A keyed export query's records (`page` reads those after an id, in id order) a page at a time,
 * each page keeping only the records whose runs (`runsOf`) are all in scope.
 */
export function* pagesInScope<Row extends { id: string }>(ctx: Pick<ExportContext, 'scope'>, page: (afterId: string, limit: number) => Row[], runsOf: (row: Row) => string[]): Generator<Row[]> {
  let after = '';
  for (;;) {
    const rows = page(after, PAGE_ROWS);
    yield rows.filter((row) => inExportScope(ctx, ...runsOf(row)));
    if (rows.length < PAGE_ROWS) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** How many records an export of `pages` writes: counted by the store without a scope, else page by page. */
export const countInScope = (ctx: Pick<ExportContext, 'scope'>, pages: () => Iterable<unknown[]>, countAll: () => number): number =>
  ctx.scope ? [...pages()].reduce((sum, page) => sum + page.length, 0) : countAll();
