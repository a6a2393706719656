import type { SourceLinesReader } from '../../annotate/source-lines-reader.ts';
import { listSources, lookupSource, lookupSourceVersion, readSourceLines } from '../../sources/index.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';

/** How core/annotate reads sources: through core/sources, never through its tables. */
export function workspaceSourceReader(workspace: Workspace): SourceLinesReader {
  return {
    version: (versionId) => lookupSourceVersion(workspace, versionId),
    source: (sourceId) => lookupSource(workspace, sourceId),
    lines: (versionId, start, end) => (lookupSourceVersion(workspace, versionId) ? readSourceLines(workspace, versionId, start, end).lines : []),
    listDataRoomSources: (dataRoomId) => listSources(workspace, dataRoomId),
  };
}
