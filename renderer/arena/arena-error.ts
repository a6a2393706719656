import { RpcCallError } from '../api/rpc-call-error.ts';

export function isConflict(error: unknown): boolean {
  return error instanceof RpcCallError && error.code === 'conflict';
}

/** The server no longer takes this page's token: an invite link revoked or expired. Retrying cannot help. */
export function isRefusedLink(error: unknown): error is RpcCallError {
  return error instanceof RpcCallError && error.code === 'unauthorized';
}
