import { createApi, type Api } from '../api/create-api.ts';
import { resolveWorkspaceDir } from '../store/workspace-location.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';

/** Opens the workspace a command names (flag, env or default) and the API over it. */
export function openCliApi(workspaceFlag: string | undefined): Api {
  return createApi(openWorkspace(resolveWorkspaceDir(workspaceFlag)));
}
