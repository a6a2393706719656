import type { ApiContext } from './api-context.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { sourcesFind } from './handlers/sources-find.ts';
import { sourcesGet } from './handlers/sources-get.ts';
import { sourcesImportFiles } from './handlers/sources-import-files.ts';
import { sourcesImportPaths } from './handlers/sources-import-paths.ts';
import { sourcesLines } from './handlers/sources-lines.ts';
import { sourcesList } from './handlers/sources-list.ts';
import { sourcesOriginal } from './handlers/sources-original.ts';
import { sourcesRenormalise } from './handlers/sources-renormalise.ts';

/** Importing, listing and reading sources (core/sources). */
export function registerSourceHandlers(registry: HandlerRegistry<ApiContext>): void {
  registry
    .add('sources.importFiles', sourcesImportFiles)
    .add('sources.importPaths', sourcesImportPaths)
    .add('sources.list', sourcesList)
    .add('sources.get', sourcesGet)
    .add('sources.lines', sourcesLines)
    .add('sources.find', sourcesFind)
    .add('sources.original', sourcesOriginal)
    .add('sources.renormalise', sourcesRenormalise);
}
