import { openApi } from '../api/open-api.ts';
import type { Api } from '../api/create-api.ts';
import { resolveWorkspaceDir } from '../store/workspace-location.ts';

/** Opens the workspace a command names (flag, env or default) and the API over it. */
export function openCliApi(workspaceFlag: string | undefined): Promise<Api> {
  return openApi(resolveWorkspaceDir(workspaceFlag));
}
