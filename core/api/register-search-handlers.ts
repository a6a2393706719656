import { searchRuns } from '../search/search-runs.ts';
import type { ApiContext } from './api-context.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { fullId } from './handlers/full-id.ts';

/** Full-text search over every run's record, judges' evidence and voters' reasons (core/search). */
export function registerSearchHandlers(registry: HandlerRegistry<ApiContext>): void {
  registry.add('search.query', (input, ctx) => searchRuns(ctx.workspace, { ...input, ...(input.studyId === undefined ? {} : { studyId: fullId(ctx, ['studies'], input.studyId) }) }));
}
