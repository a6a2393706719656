import { expect } from 'vitest';
import { LhbError } from '../../schemas/lhb-error.ts';

/** For tests: awaits a call that must fail and returns the LhbError it failed with (failing the test otherwise). */
export async function rpcErrorOf(promise: Promise<unknown>): Promise<LhbError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LhbError);
  return error as LhbError;
}
