// What other capabilities and the API use of core/sources. Parsing libraries are not imported
// from here: they load in the import's worker threads (or on demand when workers are off).
export { findInSource, type SourceMatches } from './find-in-source.ts';
export { getSource, listSources, lookupSource, lookupSourceVersion, type SourceDetail } from './get-source.ts';
export { importJobResult, startImportJob } from './import-job.ts';
export { importPaths, importUploadedFiles, type ImportOptions, type ImportResult } from './import-sources.ts';
export { getSourceVersion, readSourceLines, readSourceText, type SourceLines } from './read-source-lines.ts';
export { SourceImportError, SourceNotFoundError, SourceStorageError } from './source-errors.ts';
export type { SourceWorkspace } from './source-workspace.ts';
