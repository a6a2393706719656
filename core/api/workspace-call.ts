import type { Workspace } from '../workspace/open-workspace.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { lhbErrorOfStorage } from './rpc-error.ts';

/**
 * Every RPC call on a workspace goes through here (both transports and the CLI), so this is where
 * an error becomes the RPC error: an LhbError a capability threw passes as it is (its code, message
 * and field are what the transports send), anything else is a bug they answer with `internal`. Once the
 * integrity check has found the database damaged, calls are refused with what to do instead of
 * writing into it, and a call that hits a storage problem (SQLITE_CORRUPT, SQLITE_READONLY, a full
 * disk) fails with a message naming the workspace rather than SQLite's bare words.
 */
export async function callOnWorkspace<T>(workspace: Workspace, run: () => Promise<T>): Promise<T> {
  const damage = workspace.integrity.damage;
  if (damage) throw new LhbError('internal', damage);
  try {
    return await run();
  } catch (error) {
    throw lhbErrorOfStorage(error, workspace.databasePath) ?? error;
  }
}
