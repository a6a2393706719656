import { openApi } from '../api/open-api.ts';
import type { Api } from '../api/create-api.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { isBusyError, retryWhileBusy } from '../store/retry-while-busy.ts';
import { asWorkspaceStorageError } from '../store/storage-error.ts';
import { resolveWorkspaceDir } from '../store/workspace-location.ts';
import type { OpenWorkspaceOptions, WorkspaceAccess } from '../workspace/open-workspace.ts';

export interface CliOpenOptions {
  /** `read` for commands that only read: they open the workspace read-only (see WorkspaceAccess). */
  access?: WorkspaceAccess;
  /** A new workspace gets this project and no demo data (lhb import hf into a new folder). */
  emptyProject?: OpenWorkspaceOptions['emptyProject'];
}

/**
 * Opens the workspace a command names (flag, env or default) and the API over it. Closing it
 * waits for the integrity check of a large database (it runs while the command works) and
 * throws, saying what to do, when the check found the database damaged. Opening and every call
 * are tried again while the workspace is busy (another process holds its write lock): a call that
 * answers "busy" stored nothing, so sending it again is what the user would do.
 */
export async function openCliApi(workspaceFlag: string | undefined, options: CliOpenOptions = {}): Promise<Api> {
  const api = await retryWhileBusy(() =>
    openApi(resolveWorkspaceDir(workspaceFlag), {
      ...(options.access ? { access: options.access } : {}),
      ...(options.emptyProject ? { emptyProject: options.emptyProject } : {}),
    }),
  );
  const { workspace } = api.context;
  return {
    ...api,
    // A command's own calls run in the server's process: what they say about the server's environment is about the shell it ran in.
    // callUntrusted is the transports' (lhb serve's HTTP server): their callers are elsewhere.
    call: (method, input, caller, transport) => retryWhileBusy(() => api.call(method, input, caller, { inServerProcess: true, ...transport }), isBusyCall),
    callUntrusted: (method, input, caller, transport) => retryWhileBusy(() => api.callUntrusted(method, input, caller, transport), isBusyCall),
    close: async () => {
      const damage = await workspace.integrity.result;
      await api.close();
      if (damage) throw new Error(damage);
    },
  };
}

/** Runs a command against the workspace's API and closes it however the command ends. */
export async function withCliApi<T>(workspaceFlag: string | undefined, run: (api: Api) => Promise<T>, options: CliOpenOptions = {}): Promise<T> {
  const api = await openCliApi(workspaceFlag, options);
  try {
    return await run(api);
  } catch (error) {
    // Calls are mapped by the API; this catches a command's own reads of the store.
    throw asWorkspaceStorageError(error, api.context.workspace.databasePath) ?? error;
  } finally {
    await api.close();
  }
}

const isBusyCall = (error: unknown) => (error instanceof LhbError && error.code === 'busy') || isBusyError(error);
