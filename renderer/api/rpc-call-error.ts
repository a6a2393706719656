import type { RpcErrorCode } from '../../schemas/errors.ts';

/**
 * A failed RPC call, with the contract's error code so screens can react to the kind, and the
 * path of the input field it concerns (`"skill.dir"`), when the server named one, so a form can
 * place the message beside that field.
 */
export class RpcCallError extends Error {
  override name = 'RpcCallError';
  constructor(
    readonly code: RpcErrorCode | 'network',
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
