import { findInSource } from '../sources/find-in-source.ts';
import { importJobResult } from '../sources/import-job.ts';
import { getSource, listSources } from '../sources/get-source.ts';
import { readSourceLines } from '../sources/read-source-lines.ts';
import { sourceDoubts } from '../sources/source-doubts.ts';
import type { ApiContext } from './api-context.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { sourcesImportFiles } from './handlers/sources-import-files.ts';
import { sourcesImportPaths } from './handlers/sources-import-paths.ts';
import { sourcesOriginal } from './handlers/sources-original.ts';
import { sourcesRenormalise } from './handlers/sources-renormalise.ts';

/** Importing, listing and reading sources (core/sources). */
export function registerSourceHandlers(registry: HandlerRegistry<ApiContext>): void {
  registry
    .add('sources.importFiles', sourcesImportFiles)
    .add('sources.importPaths', sourcesImportPaths)
    // What an import or re-read job did, per file, once it has ended (lhb sources add|renormalise prints it).
    .add('sources.result', ({ jobId }, { jobs }) => ({ result: importJobResult(jobs, jobId) ?? null }))
    .add('sources.list', ({ dataRoomId }, { workspace }) => ({ sources: listSources(workspace, dataRoomId) }))
    // A source with its newest version (or the one asked for) and the list of all its versions.
    .add('sources.get', ({ sourceId, versionId }, { workspace }) => getSource(workspace, sourceId, versionId))
    // What extraction found doubtful in a version (lhb sources doubts; the Annotate screen's extraction notes).
    .add('sources.doubts', ({ sourceId, versionId }, { workspace }) => sourceDoubts(workspace, sourceId, versionId))
    // A window of a version's lines (the contract caps its size at MAX_LINES_PER_CALL).
    .add('sources.lines', ({ versionId, start, end }, { workspace }) => readSourceLines(workspace, versionId, start, end))
    // Case-insensitive find in one version: line and 1-based column of each match, up to `limit`.
    .add('sources.find', ({ versionId, query, limit }, { workspace }) => findInSource(workspace, versionId, query, limit))
    .add('sources.original', sourcesOriginal)
    .add('sources.renormalise', sourcesRenormalise);
}
