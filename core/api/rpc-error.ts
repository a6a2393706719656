import type { z } from 'zod';
import type { RpcErrorCode } from '../../schemas/errors.ts';
import { asWorkspaceStorageError } from '../store/storage-error.ts';

/** An error a caller can act on, carried by both transports as `{error:{code,message}}`. */
export class RpcError extends Error {
  override name = 'RpcError';
  constructor(
    readonly code: RpcErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** "jobId: Invalid input: expected string, received number" — one clause per problem, field first. */
export function describeZodIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.length > 0 ? issue.path.join('.') : '(input)';
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}

/**
 * The RpcError for a storage problem of the workspace (damaged, read-only, full or failing disk),
 * whose message names the workspace folder and what to do; undefined for any other error.
 */
export function rpcErrorOfStorage(error: unknown, databasePath: string): RpcError | undefined {
  const storage = asWorkspaceStorageError(error, databasePath);
  if (!storage) return undefined;
  const code = storage.problem === 'read-only' ? 'forbidden' : storage.problem === 'busy' ? 'busy' : 'internal';
  return new RpcError(code, storage.message);
}
