import type { RpcErrorBody } from '../../schemas/errors.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { asWorkspaceStorageError } from '../store/storage-error.ts';

/**
 * What both transports send for an error a caller can act on: its code, message and field, as
 * `{error:{code,message,field?}}`; undefined for anything else (a bug, which they answer with
 * `internal` and log).
 */
export function rpcErrorBodyOf(error: unknown): RpcErrorBody['error'] | undefined {
  if (!(error instanceof LhbError)) return undefined;
  return { code: error.code, message: error.message, ...(error.field === undefined ? {} : { field: error.field }) };
}

/**
 * The LhbError for a storage problem of the workspace (damaged, read-only, full or failing disk),
 * whose message names the workspace folder and what to do; undefined for any other error.
 */
export function lhbErrorOfStorage(error: unknown, databasePath: string): LhbError | undefined {
  const storage = asWorkspaceStorageError(error, databasePath);
  if (!storage) return undefined;
  const code = storage.problem === 'read-only' ? 'forbidden' : storage.problem === 'busy' ? 'busy' : 'internal';
  return new LhbError(code, storage.message);
}
