import { join } from 'node:path';
import type { WorkspaceFolderContents } from './inspect-workspace-folder.ts';
import { lhbErrorOfCode } from '../../schemas/lhb-error.ts';

/** The folder cannot be opened as a workspace without risking someone's data; nothing was changed. */
export class WorkspaceRefusedError extends lhbErrorOfCode('conflict') {
  override name = 'WorkspaceRefusedError';
}

/**
 * Seeding the demo is for a new or empty folder only. Throws, before anything is written, when
 * the folder has no usable database but holds something that may be a user's: stored files under
 * blobs/ (a workspace whose lhb.sqlite was lost or emptied: seeding would hide its sources behind
 * the demo's), rows in the database, or files that are not a workspace's at all.
 */
export function assertSeedable(dir: string, databaseFile: string, folder: WorkspaceFolderContents, databaseHoldsData: boolean): void {
  const databasePath = join(dir, databaseFile);
  const databaseState =
    folder.database === 'missing' ? `${databaseFile} is missing` : folder.database === 'empty' ? `${databaseFile} is empty (0 bytes)` : `${databaseFile} has no project`;
  const restore = `Restore ${databaseFile} from a backup into ${dir}; or, to start afresh, open a new workspace elsewhere with --workspace DIR.`;
  if (folder.blobFiles > 0) {
    throw new WorkspaceRefusedError(
      `The workspace ${dir} holds ${folder.blobFiles} stored file${folder.blobFiles === 1 ? '' : 's'} under blobs/, but its database ${databaseState}, ` +
        `so its sources, citations and votes cannot be read. Nothing was changed: the demo was not seeded over it. ${restore}`,
    );
  }
  if (databaseHoldsData) {
    throw new WorkspaceRefusedError(`The workspace database ${databasePath} holds data but no project, so it was not seeded with the demo. Nothing was changed. ${restore}`);
  }
  if (folder.otherEntries.length > 0) {
    const shown = folder.otherEntries.slice(0, 5).join(', ') + (folder.otherEntries.length > 5 ? `, and ${folder.otherEntries.length - 5} more` : '');
    throw new WorkspaceRefusedError(
      `The folder ${dir} is not an LH-Bench Studio workspace (${databaseState}) and is not empty (it holds ${shown}), ` +
        `so no workspace was created in it. Nothing was changed. If it is a workspace that lost its database, restore ${databaseFile} from a backup into it; ` +
        `otherwise choose a new or empty folder with --workspace DIR, e.g. --workspace ${join(dir, 'lhb-workspace')}.`,
    );
  }
}
