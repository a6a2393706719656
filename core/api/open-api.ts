import { seedDataRoom } from '../demo/seed-data-room.ts';
import { recountStoredTurnUsage } from '../runs/study/recount-turn-usage.ts';
import { indexPendingRuns } from '../search/index-pending-runs.ts';
import { openWorkspace, type OpenWorkspaceOptions } from '../workspace/open-workspace.ts';
import { createApi, type Api } from './create-api.ts';
import { annotateDeps } from './handlers/annotate-context.ts';

/**
 * Opens a workspace and the API over it, finishing a first start's seed (the demo data room is
 * imported through the real ingestion pipeline, which is asynchronous) and a one-time correction
 * a migration asked for that needs more than SQL (re-reading stored transcripts:
 * `recountStoredTurnUsage`) and the search index's catch-up (`indexPendingRuns`). Every entry point (lhb, Electron) opens workspaces through here.
 */
export async function openApi(dir: string, options: OpenWorkspaceOptions = {}): Promise<Api> {
  const api = createApi(openWorkspace(dir, options));
  try {
    await seedDataRoom(api.context.workspace, annotateDeps(api.context));
    await recountStoredTurnUsage(api.context.workspace);
    // The search index catches up with runs written while no process had the workspace open (or all of them, after migration 027).
    indexPendingRuns(api.context.workspace);
  } catch (error) {
    await api.close();
    throw new Error(`Could not finish preparing the workspace ${dir}: ${(error as Error).message}`, { cause: error });
  }
  return api;
}
