import type { Workspace } from '../workspace/open-workspace.ts';
import { RpcError, rpcErrorOfStorage } from './rpc-error.ts';

/**
 * Every RPC call on a workspace goes through here (both transports and the CLI): once the
 * integrity check has found the database damaged, calls are refused with what to do instead of
 * writing into it, and a call that hits a storage problem (SQLITE_CORRUPT, SQLITE_READONLY, a full
 * disk) fails with a message naming the workspace rather than SQLite's bare words.
 */
export async function callOnWorkspace<T>(workspace: Workspace, run: () => Promise<T>): Promise<T> {
  const damage = workspace.integrity.damage;
  if (damage) throw new RpcError('internal', damage);
  try {
    return await run();
  } catch (error) {
    throw rpcErrorOfStorage(error, workspace.databasePath) ?? error;
  }
}
