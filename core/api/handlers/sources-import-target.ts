import { ensureDefaultDataRoom } from '../../annotate/ensure-default-data-room.ts';
import type { ImportOptions } from '../../sources/index.ts';
import { dataRoomExists } from '../../annotate/data-rooms.ts';
import type { ApiContext } from '../api-context.ts';
import { LhbError } from '../../../schemas/lhb-error.ts';
import { reanchorNewVersion } from './reanchor-new-version.ts';

/**
 * Where an import goes and what happens to citations when a file comes back changed. The data room
 * is checked before the job starts, so an unknown id is the caller's `not_found` at once rather
 * than a job that fails every file; without an id, the project's first data room (made if none).
 * A new version re-anchors the citations of the previous one by their quotes.
 */
export function importTarget(dataRoomId: string | undefined, ctx: ApiContext): Pick<ImportOptions, 'dataRoomId' | 'onNewVersion'> {
  const { workspace } = ctx;
  if (dataRoomId !== undefined && !dataRoomExists(workspace.db, dataRoomId)) {
    throw new LhbError('not_found', `No data room with id ${dataRoomId} in this workspace; nothing was imported. Refresh the list of data rooms and try again.`);
  }
  return {
    dataRoomId: dataRoomId ?? ensureDefaultDataRoom(workspace.db),
    onNewVersion: (sourceId, _previousVersionId, newVersionId) => reanchorNewVersion(ctx, sourceId, newVersionId),
  };
}

/** "Import report.pdf", "Import 3 files". */
export function importJobTitle(names: string[]): string {
  return names.length === 1 ? `Import ${names[0]!.split(/[\\/]/).filter(Boolean).pop() ?? names[0]}` : `Import ${names.length} files`;
}
