import { openApi } from '../api/open-api.ts';
import type { Api } from '../api/create-api.ts';
import { resolveWorkspaceDir } from '../store/workspace-location.ts';

/** Opens the workspace a command names (flag, env or default) and the API over it. */
export function openCliApi(workspaceFlag: string | undefined): Promise<Api> {
  return openApi(resolveWorkspaceDir(workspaceFlag));
}

/** Runs a command against the workspace's API and closes it however the command ends. */
export async function withCliApi(workspaceFlag: string | undefined, run: (api: Api) => Promise<void>): Promise<void> {
  const api = await openCliApi(workspaceFlag);
  try {
    await run(api);
  } finally {
    await api.close();
  }
}
