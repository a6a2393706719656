import type { RpcErrorCode } from '../../schemas/errors.ts';

/** A failed RPC call, with the contract's error code so screens can react to the kind. */
export class RpcCallError extends Error {
  override name = 'RpcCallError';
  constructor(
    readonly code: RpcErrorCode | 'network',
    message: string,
  ) {
    super(message);
  }
}
