import { RpcCallError } from '../api/rpc-call-error.ts';

export function isConflict(error: unknown): boolean {
  return error instanceof RpcCallError && error.code === 'conflict';
}
