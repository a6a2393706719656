import { expect } from 'vitest';
import { RpcError } from './rpc-error.ts';

/** For tests: awaits a call that must fail and returns its RpcError (failing the test otherwise). */
export async function rpcErrorOf(promise: Promise<unknown>): Promise<RpcError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RpcError);
  return error as RpcError;
}
