import { openWorkspace } from '../../workspace/open-workspace.ts';
import { importBundles } from './import-bundles.ts';

/** Imports task folders and bundles into the workspace at `workspaceDir` (as lhb runs import does), in a child process of its own; answers each outcome's status and reason. */
export async function importBundlesForProbe(workspaceDir: string, paths: string[]): Promise<{ status: string; reason?: string }[]> {
  const workspace = openWorkspace(workspaceDir);
  try {
    const { outcomes } = await importBundles(workspace, paths, { captureMissingFrames: false });
    return outcomes.map((outcome) => ({ status: outcome.status, ...('reason' in outcome ? { reason: outcome.reason } : {}) }));
  } finally {
    workspace.close();
  }
}
